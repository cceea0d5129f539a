DROP INDEX `orders_customer_lc_idx`;--> statement-breakpoint
DROP INDEX `orders_created_by_lc_idx`;--> statement-breakpoint
DROP INDEX `orders_payment_lc_idx`;--> statement-breakpoint
DROP INDEX `orders_status_lc_idx`;--> statement-breakpoint
DROP INDEX `orders_type_lc_idx`;--> statement-breakpoint
DROP INDEX `orders_location_lc_idx`;--> statement-breakpoint
DROP INDEX `orders_trucking_lc_idx`;--> statement-breakpoint
CREATE INDEX `orders_customer_lc_date_idx` ON `orders` (lower(customer_name),`order_date`,`id`);--> statement-breakpoint
CREATE INDEX `orders_created_by_lc_date_idx` ON `orders` (lower(created_by),`order_date`,`id`);--> statement-breakpoint
CREATE INDEX `orders_payment_lc_date_idx` ON `orders` (lower(payment_status),`order_date`,`id`);--> statement-breakpoint
CREATE INDEX `orders_status_lc_date_idx` ON `orders` (lower(order_status),`order_date`,`id`);--> statement-breakpoint
CREATE INDEX `orders_type_lc_date_idx` ON `orders` (lower(order_type),`order_date`,`id`);--> statement-breakpoint
CREATE INDEX `orders_location_lc_date_idx` ON `orders` (lower(warehouse_location),`order_date`,`id`);--> statement-breakpoint
CREATE INDEX `orders_trucking_lc_date_idx` ON `orders` (lower(trucking_company),`order_date`,`id`);--> statement-breakpoint
CREATE INDEX `orders_status_trucking_lc_idx` ON `orders` (lower(order_status),lower(trucking_company));