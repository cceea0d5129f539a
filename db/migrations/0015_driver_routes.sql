CREATE TABLE `geo_points` (
	`subject` text PRIMARY KEY NOT NULL,
	`lat` real NOT NULL,
	`lng` real NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `route_stops` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`date` text NOT NULL,
	`driver_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`position` integer NOT NULL,
	`planned_by` text NOT NULL,
	`planned_at` text NOT NULL,
	FOREIGN KEY (`driver_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `route_stops_date_order_uq` ON `route_stops` (`date`,`order_id`);--> statement-breakpoint
CREATE INDEX `route_stops_driver_date_idx` ON `route_stops` (`driver_id`,`date`,`position`);