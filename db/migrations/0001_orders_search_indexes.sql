CREATE INDEX `orders_customer_lc_idx` ON `orders` (lower(customer_name));--> statement-breakpoint
CREATE INDEX `orders_created_by_lc_idx` ON `orders` (lower(created_by));--> statement-breakpoint
CREATE INDEX `orders_payment_lc_idx` ON `orders` (lower(payment_status));--> statement-breakpoint
CREATE INDEX `orders_status_lc_idx` ON `orders` (lower(order_status));--> statement-breakpoint
CREATE INDEX `orders_type_lc_idx` ON `orders` (lower(order_type));--> statement-breakpoint
CREATE INDEX `orders_location_lc_idx` ON `orders` (lower(warehouse_location));--> statement-breakpoint
CREATE INDEX `orders_trucking_lc_idx` ON `orders` (lower(trucking_company));