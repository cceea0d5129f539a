-- Every read flat at scale (issue 25, docs/decisions/044-reads-flat-at-scale.md): a driver's open deliveries read off
-- an index of the undelivered orders by stage, type and warehouse (with the order date for his oldest candidates),
-- and what he delivered today off an index of completion times; before, both walked every order of his types.
CREATE INDEX `orders_to_deliver_idx` ON `orders` (lower(order_status),`order_type`,`warehouse_location`,`order_date`) WHERE "orders"."delivery_completed_at" IS NULL;--> statement-breakpoint
CREATE INDEX `orders_delivered_idx` ON `orders` (`delivery_completed_at`,`order_type`,`warehouse_location`) WHERE "orders"."delivery_completed_at" IS NOT NULL;