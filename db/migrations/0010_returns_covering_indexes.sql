-- Return Forms performance (docs/decisions/014-returns-and-applications.md): the status index also carries the
-- substring-searched fields, so a status filter's search count reads only the index; a partial index counts the
-- requests flagged for review (the KPIs) without scanning the table.
DROP INDEX `returns_status_idx`;--> statement-breakpoint
CREATE INDEX `returns_status_search_idx` ON `return_requests` (`status`,`submitted_at`,`company_name`,`return_id`,`order_num`,`email`,`phone`);--> statement-breakpoint
CREATE INDEX `returns_review_idx` ON `return_requests` (`needs_review`) WHERE "return_requests"."needs_review" = 1;