-- Return Forms performance (docs/decisions/014-returns-and-applications.md): a search driven from its trigram
-- matches sorts them by date, read from this narrow (id, submitted_at) index instead of each match's row.
CREATE INDEX `returns_id_submitted_idx` ON `return_requests` (`id`,`submitted_at`);