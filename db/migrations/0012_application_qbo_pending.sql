-- An approval recorded while QuickBooks could not create the customer (docs/decisions/028-trust-second-pass.md):
-- the customer is owed and created when QuickBooks answers again; the partial index finds the few owed ones.
ALTER TABLE `customer_applications` ADD `qbo_pending_since` text;--> statement-breakpoint
ALTER TABLE `customer_applications` ADD `qbo_pending_reason` text;--> statement-breakpoint
ALTER TABLE `customer_applications` ADD `qbo_attempt_at` text;--> statement-breakpoint
CREATE INDEX `applications_qbo_pending_idx` ON `customer_applications` (`qbo_pending_since`) WHERE "customer_applications"."qbo_pending_since" IS NOT NULL;