CREATE TABLE `submission_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_key` text NOT NULL,
	`kind` text NOT NULL,
	`at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `submission_attempts_client_idx` ON `submission_attempts` (`client_key`,`kind`,`at`);