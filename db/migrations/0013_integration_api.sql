-- The integration API (issue 21, docs/decisions/030-integration-api.md): integration keys (only the secret's
-- SHA-256 is kept), stock per SKU and warehouse, and the source system's id on orders and products, unique per
-- system, so a resent record updates the one it made and never adds a second.
CREATE TABLE `integration_keys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`public_id` text NOT NULL,
	`label` text NOT NULL,
	`source_system` text NOT NULL,
	`secret_hash` text NOT NULL,
	`secret_hint` text NOT NULL,
	`kinds` text DEFAULT '[]' NOT NULL,
	`locations` text DEFAULT '[]' NOT NULL,
	`created_by` text DEFAULT '' NOT NULL,
	`rotated_at` text,
	`revoked_at` text,
	`revoked_by` text,
	`last_used_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `integration_keys_public_uq` ON `integration_keys` (`public_id`);--> statement-breakpoint
CREATE TABLE `stock_levels` (
	`sku` text NOT NULL,
	`location_id` text NOT NULL,
	`quantity_on_hand` integer NOT NULL,
	`source_system` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`sku`, `location_id`),
	FOREIGN KEY (`sku`) REFERENCES `inventory_items`(`sku`) ON UPDATE cascade ON DELETE cascade,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `stock_levels_location_idx` ON `stock_levels` (`location_id`);--> statement-breakpoint
ALTER TABLE `inventory_items` ADD `source_system` text;--> statement-breakpoint
ALTER TABLE `inventory_items` ADD `source_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `inventory_items_source_uq` ON `inventory_items` (`source_system`,`source_id`);--> statement-breakpoint
ALTER TABLE `orders` ADD `source_system` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `source_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_source_uq` ON `orders` (`source_system`,`source_id`);