ALTER TABLE `qbo_connections` ADD `refresh_token_expires_at` text;--> statement-breakpoint
ALTER TABLE `qbo_connections` ADD `connected_at` text;--> statement-breakpoint
ALTER TABLE `qbo_connections` ADD `refused_at` text;--> statement-breakpoint
ALTER TABLE `qbo_connections` ADD `refused_reason` text;
--> statement-breakpoint
-- Tokens written before this migration were plain text: none may stay at rest. An admin connects again.
DELETE FROM `qbo_connections`;
