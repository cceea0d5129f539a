CREATE TABLE `announcements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`published_at` text NOT NULL,
	`created_by` text
);
--> statement-breakpoint
CREATE TABLE `audit_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` text NOT NULL,
	`actor_id` integer,
	`actor_email` text DEFAULT '' NOT NULL,
	`actor_name` text DEFAULT '' NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` text NOT NULL,
	`action` text NOT NULL,
	`changes` text DEFAULT '[]' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_entity_idx` ON `audit_events` (`entity_type`,`entity_id`,`at`);--> statement-breakpoint
CREATE INDEX `audit_at_idx` ON `audit_events` (`at`);--> statement-breakpoint
CREATE TABLE `auth_failures` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_key` text NOT NULL,
	`at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `auth_failures_client_idx` ON `auth_failures` (`client_key`,`at`);--> statement-breakpoint
CREATE TABLE `bols` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`total_packages` integer,
	`total_pallets` integer,
	`net_weight_lbs` integer,
	`gross_weight_lbs` integer,
	`comments` text DEFAULT '' NOT NULL,
	`instructions` text DEFAULT '' NOT NULL,
	`place_of_discharge` text DEFAULT 'Hicksville, NY' NOT NULL,
	`place_of_delivery` text DEFAULT '' NOT NULL,
	`charge_type` text DEFAULT 'Prepaid' NOT NULL,
	`freight_carrier` text DEFAULT '' NOT NULL,
	`file_key` text,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bols_order_id_unique` ON `bols` (`order_id`);--> statement-breakpoint
CREATE TABLE `customer_applications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` text,
	`company_name` text NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`phone_number` text DEFAULT '' NOT NULL,
	`owner_name` text DEFAULT '' NOT NULL,
	`owner_number` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'Pending' NOT NULL,
	`remarks` text DEFAULT '' NOT NULL,
	`decision_date` text,
	`addresses` text DEFAULT '[]' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `applications_status_idx` ON `customer_applications` (`status`,`decision_date`);--> statement-breakpoint
CREATE TABLE `delivery_meta` (
	`order_id` integer PRIMARY KEY NOT NULL,
	`out_for_delivery_at` text,
	`signed_by_name` text,
	`signature_key` text,
	`delivery_date` text,
	`delivery_window` text,
	`delivery_complete_geo` text,
	`delivery_completed_at` text,
	`delivery_order_key` text,
	`driver_email` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `devanning_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`container_number` text NOT NULL,
	`cargo_details` text NOT NULL,
	`warehouse_info` text NOT NULL,
	`totals_calculation` text NOT NULL,
	`container_info` text NOT NULL,
	`inventory_details` text NOT NULL,
	`environmental_check` text NOT NULL,
	`photos` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`submitted_at` text NOT NULL,
	`submitted_by` text DEFAULT '' NOT NULL,
	`reviewed_by` text,
	`reviewed_at` text,
	`management_sign` text,
	`notes` text DEFAULT '' NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `devanning_submitted_idx` ON `devanning_reports` (`submitted_at`);--> statement-breakpoint
CREATE INDEX `devanning_container_idx` ON `devanning_reports` (`container_number`);--> statement-breakpoint
CREATE TABLE `email_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`provider_id` text,
	`to_addresses` text DEFAULT '[]' NOT NULL,
	`cc_addresses` text DEFAULT '[]' NOT NULL,
	`subject` text NOT NULL,
	`status` text NOT NULL,
	`error` text,
	`related_type` text,
	`related_id` text,
	`sent_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `email_routing` (
	`key` text PRIMARY KEY NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`to_addresses` text DEFAULT '[]' NOT NULL,
	`cc_addresses` text DEFAULT '[]' NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`scope` text NOT NULL,
	`key` text NOT NULL,
	`status` integer NOT NULL,
	`body` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`scope`, `key`)
);
--> statement-breakpoint
CREATE TABLE `inventory_items` (
	`sku` text PRIMARY KEY NOT NULL,
	`product_id` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`quantity_on_hand` integer DEFAULT 0 NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `locations` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`groups` text DEFAULT '[]' NOT NULL,
	`last_synced` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `notification_reads` (
	`user_id` integer NOT NULL,
	`item_key` text NOT NULL,
	`read_at` text NOT NULL,
	`cleared` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`user_id`, `item_key`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`audience_grant` text,
	`type` text NOT NULL,
	`title` text NOT NULL,
	`message` text NOT NULL,
	`priority` text DEFAULT 'medium' NOT NULL,
	`category` text DEFAULT 'system' NOT NULL,
	`order_number` text,
	`order_id` integer,
	`attachment_key` text,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_user_idx` ON `notifications` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `notifications_grant_idx` ON `notifications` (`audience_grant`,`created_at`);--> statement-breakpoint
CREATE TABLE `order_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`line_item_id` text NOT NULL,
	`product_id` text DEFAULT '' NOT NULL,
	`sku` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`quantity` integer NOT NULL,
	`unit_price_cents` integer DEFAULT 0 NOT NULL,
	`images` text DEFAULT '[]' NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `order_lines_order_idx` ON `order_lines` (`order_id`,`position`);--> statement-breakpoint
CREATE UNIQUE INDEX `order_lines_item_uq` ON `order_lines` (`order_id`,`line_item_id`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_number` text NOT NULL,
	`customer_name` text DEFAULT '' NOT NULL,
	`customer_email` text,
	`created_by` text DEFAULT '' NOT NULL,
	`payment_status` text DEFAULT 'N/A' NOT NULL,
	`order_status` text DEFAULT 'Pending Assignment' NOT NULL,
	`order_type` text DEFAULT '' NOT NULL,
	`trucking_company` text DEFAULT '' NOT NULL,
	`warehouse_location` text DEFAULT '' NOT NULL,
	`warehouse_assignment` text DEFAULT '[]' NOT NULL,
	`notes` text DEFAULT '' NOT NULL,
	`order_date` text NOT NULL,
	`address_lines` text DEFAULT '[]' NOT NULL,
	`maps_url` text,
	`has_delivery_order` integer DEFAULT false NOT NULL,
	`delivery_completed_at` text,
	`total_cents` integer DEFAULT 0 NOT NULL,
	`last_updated_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_number_uq` ON `orders` (`order_number`);--> statement-breakpoint
CREATE INDEX `orders_date_idx` ON `orders` (`order_date`,`id`);--> statement-breakpoint
CREATE INDEX `orders_customer_idx` ON `orders` (`customer_name`,`id`);--> statement-breakpoint
CREATE INDEX `orders_status_idx` ON `orders` (`order_status`,`id`);--> statement-breakpoint
CREATE INDEX `orders_payment_idx` ON `orders` (`payment_status`,`id`);--> statement-breakpoint
CREATE INDEX `orders_type_idx` ON `orders` (`order_type`,`id`);--> statement-breakpoint
CREATE INDEX `orders_location_idx` ON `orders` (`warehouse_location`,`id`);--> statement-breakpoint
CREATE INDEX `orders_created_by_idx` ON `orders` (`created_by`,`id`);--> statement-breakpoint
CREATE INDEX `orders_trucking_idx` ON `orders` (`trucking_company`,`id`);--> statement-breakpoint
CREATE TABLE `passcodes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`label` text NOT NULL,
	`code_hash` text NOT NULL,
	`code_hint` text DEFAULT '' NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`usage_count` integer DEFAULT 0 NOT NULL,
	`last_used_at` text,
	`expires_at` text,
	`locations` text DEFAULT '[]' NOT NULL,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `passcodes_code_uq` ON `passcodes` (`code_hash`);--> statement-breakpoint
CREATE TABLE `pick_list_logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`order_number` text NOT NULL,
	`type` text NOT NULL,
	`payload` text NOT NULL,
	`actor` text DEFAULT 'user' NOT NULL,
	`at` text NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `pick_list_logs_order_idx` ON `pick_list_logs` (`order_number`,`at`);--> statement-breakpoint
CREATE TABLE `pick_list_status` (
	`order_id` integer PRIMARY KEY NOT NULL,
	`has_release_order` integer DEFAULT false NOT NULL,
	`generated_at` text,
	`file_key` text,
	`generated_by` text,
	`emailed_at` text,
	`email_enabled` integer DEFAULT true NOT NULL,
	`completed_at` text,
	`completed_by` text,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `qbo_connections` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`realm_id` text NOT NULL,
	`access_token` text NOT NULL,
	`refresh_token` text NOT NULL,
	`access_token_expires_at` text NOT NULL,
	`connected_by` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `return_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`return_id` integer NOT NULL,
	`position` integer NOT NULL,
	`sku` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`count` integer NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`custom_reason` text DEFAULT '' NOT NULL,
	`comments` text DEFAULT '' NOT NULL,
	`uploaded_images` text DEFAULT '[]' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`decision_date` text,
	`remarks` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`return_id`) REFERENCES `return_requests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `return_items_pos_uq` ON `return_items` (`return_id`,`position`);--> statement-breakpoint
CREATE TABLE `return_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`return_id` text NOT NULL,
	`company_name` text NOT NULL,
	`order_num` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`location` text DEFAULT '' NOT NULL,
	`submitted_at` text NOT NULL,
	`remarks` text DEFAULT '' NOT NULL,
	`address` text DEFAULT '[]' NOT NULL,
	`product_images` text DEFAULT '[]' NOT NULL,
	`defect_images` text DEFAULT '[]' NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `return_requests_return_id_unique` ON `return_requests` (`return_id`);--> statement-breakpoint
CREATE INDEX `returns_status_idx` ON `return_requests` (`status`,`submitted_at`);--> statement-breakpoint
CREATE TABLE `role_grants` (
	`role_id` text NOT NULL,
	`key` text NOT NULL,
	`scope` text DEFAULT 'all' NOT NULL,
	PRIMARY KEY(`role_id`, `key`),
	FOREIGN KEY (`role_id`) REFERENCES `roles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `roles` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`is_admin` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`user_id` integer,
	`passcode_id` integer,
	`email` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`picture` text,
	`allowed_locations` text DEFAULT '[]' NOT NULL,
	`token_exp` text,
	`expires_at` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`passcode_id`) REFERENCES `passcodes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `stock_transfer_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`date_received` text NOT NULL,
	`transfer_reference` text NOT NULL,
	`receiving_location` text NOT NULL,
	`transfer_from` text NOT NULL,
	`received_by` text NOT NULL,
	`items` text DEFAULT '[]' NOT NULL,
	`product_condition` text NOT NULL,
	`notes_comments` text DEFAULT '' NOT NULL,
	`signature_type` text NOT NULL,
	`signature_key` text,
	`signature_typed` text,
	`photos` text DEFAULT '[]' NOT NULL,
	`status` text DEFAULT 'submitted' NOT NULL,
	`submitted_at` text NOT NULL,
	`submitted_by` text DEFAULT '' NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `str_submitted_idx` ON `stock_transfer_reports` (`submitted_at`);--> statement-breakpoint
CREATE INDEX `str_location_idx` ON `stock_transfer_reports` (`receiving_location`,`submitted_at`);--> statement-breakpoint
CREATE TABLE `stored_files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`owner_type` text NOT NULL,
	`owner_id` text NOT NULL,
	`kind` text NOT NULL,
	`filename` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`sha256` text NOT NULL,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stored_files_key_uq` ON `stored_files` (`key`);--> statement-breakpoint
CREATE INDEX `stored_files_owner_idx` ON `stored_files` (`owner_type`,`owner_id`,`kind`);--> statement-breakpoint
CREATE TABLE `tasks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`order_number` text NOT NULL,
	`title` text NOT NULL,
	`message` text NOT NULL,
	`type` text NOT NULL,
	`priority` text NOT NULL,
	`category` text NOT NULL,
	`actionable` integer NOT NULL,
	`order_status` text NOT NULL,
	`payment_status` text NOT NULL,
	`customer_name` text NOT NULL,
	`sales_rep` text NOT NULL,
	`order_date` text NOT NULL,
	`days_since_order` integer NOT NULL,
	`built_at` text NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `tasks_days_idx` ON `tasks` (`days_since_order`);--> statement-breakpoint
CREATE INDEX `tasks_sales_rep_idx` ON `tasks` (`sales_rep`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`avatar_url` text,
	`role_id` text,
	`location_ids` text DEFAULT '[]' NOT NULL,
	`order_types` text DEFAULT '[]' NOT NULL,
	`last_seen_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`role_id`) REFERENCES `roles`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_uq` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `warehouse_captures` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`signed_by_name` text NOT NULL,
	`signature_key` text NOT NULL,
	`captured_by` text NOT NULL,
	`saved_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `warehouse_captures_order_id_unique` ON `warehouse_captures` (`order_id`);--> statement-breakpoint
CREATE TABLE `warehouse_workers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`phone_number` text DEFAULT '' NOT NULL,
	`role` text DEFAULT 'Warehouse Staff' NOT NULL,
	`location_ids` text DEFAULT '[]' NOT NULL,
	`order_types` text DEFAULT '[]' NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `workers_active_idx` ON `warehouse_workers` (`active`,`name`);