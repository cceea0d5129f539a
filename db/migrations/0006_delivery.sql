CREATE TABLE `return_reasons` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`label` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `return_reasons_label_uq` ON `return_reasons` ("label" COLLATE NOCASE);--> statement-breakpoint
ALTER TABLE `customer_applications` ADD `reference` text;--> statement-breakpoint
ALTER TABLE `customer_applications` ADD `source` text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
CREATE INDEX `applications_decision_idx` ON `customer_applications` (`decision_date`);--> statement-breakpoint
CREATE INDEX `applications_company_idx` ON `customer_applications` ("company_name" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `applications_owner_idx` ON `customer_applications` ("owner_name" COLLATE NOCASE);--> statement-breakpoint
CREATE UNIQUE INDEX `applications_reference_uq` ON `customer_applications` (`reference`);--> statement-breakpoint
CREATE UNIQUE INDEX `applications_company_id_uq` ON `customer_applications` (`company_id`);--> statement-breakpoint
ALTER TABLE `delivery_meta` ADD `delivered_lines` text;--> statement-breakpoint
ALTER TABLE `delivery_meta` ADD `cod_collected_cents` integer;--> statement-breakpoint
ALTER TABLE `delivery_meta` ADD `cod_due_cents` integer;--> statement-breakpoint
ALTER TABLE `delivery_meta` ADD `status_before_completion` text;--> statement-breakpoint
ALTER TABLE `delivery_meta` ADD `completed_by` text;--> statement-breakpoint
ALTER TABLE `return_items` ADD `received_qty` integer;--> statement-breakpoint
ALTER TABLE `return_items` ADD `damaged_qty` integer;--> statement-breakpoint
ALTER TABLE `return_items` ADD `restock_qty` integer;--> statement-breakpoint
ALTER TABLE `return_items` ADD `received_at` text;--> statement-breakpoint
ALTER TABLE `return_items` ADD `received_by` text;--> statement-breakpoint
ALTER TABLE `return_items` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `return_requests` ADD `item_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `return_requests` ADD `source` text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE `return_requests` ADD `needs_review` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `return_requests` ADD `received_at` text;--> statement-breakpoint
CREATE INDEX `returns_submitted_idx` ON `return_requests` (`submitted_at`);--> statement-breakpoint
CREATE INDEX `returns_company_idx` ON `return_requests` ("company_name" COLLATE NOCASE,`submitted_at`);--> statement-breakpoint
CREATE INDEX `returns_order_idx` ON `return_requests` ("order_num" COLLATE NOCASE,`submitted_at`);--> statement-breakpoint
CREATE INDEX `returns_location_idx` ON `return_requests` ("location" COLLATE NOCASE,`submitted_at`);--> statement-breakpoint
CREATE INDEX `returns_items_idx` ON `return_requests` (`item_count`,`submitted_at`);