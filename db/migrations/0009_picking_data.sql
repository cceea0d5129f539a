CREATE TABLE `pick_short_reasons` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`label` text NOT NULL,
	`action` text DEFAULT 'none' NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pick_short_reasons_label_uq` ON `pick_short_reasons` ("label" COLLATE NOCASE);--> statement-breakpoint
CREATE TABLE `pick_shorts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`order_id` integer NOT NULL,
	`order_number` text NOT NULL,
	`line_item_id` text NOT NULL,
	`sku` text NOT NULL,
	`reason` text NOT NULL,
	`action` text NOT NULL,
	`missing` integer NOT NULL,
	`created_by` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pick_shorts_key_uq` ON `pick_shorts` (`key`);--> statement-breakpoint
CREATE INDEX `pick_shorts_order_idx` ON `pick_shorts` (`order_id`);--> statement-breakpoint
CREATE TABLE `product_barcodes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`sku` text NOT NULL,
	`code` text NOT NULL,
	`code_key` text NOT NULL,
	`kind` text DEFAULT 'unit' NOT NULL,
	`quantity` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`sku`) REFERENCES `inventory_items`(`sku`) ON UPDATE cascade ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_barcodes_key_uq` ON `product_barcodes` (`code_key`);--> statement-breakpoint
CREATE INDEX `product_barcodes_sku_idx` ON `product_barcodes` (`sku`);--> statement-breakpoint
ALTER TABLE `inventory_items` ADD `bin` text;--> statement-breakpoint
INSERT INTO `pick_short_reasons` (`label`, `action`, `position`) VALUES ('Stockout', 'follow_up', 0), ('Damaged', 'recount', 1), ('Wrong bin', 'none', 2), ('Other', 'none', 3);
