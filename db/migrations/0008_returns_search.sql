-- Return Forms and Customer Applications substring search indexes (docs/decisions/014-returns-and-applications.md,
-- Performance), kept in sync by triggers so every writer (services, seed, scripts, tests) maintains them.
-- One trigram FTS5 table per base table, a column for each field the list searches as a substring.
-- Exactly the LIKE's answer: the index is case-sensitive and holds lower() of each LIKE-searched field; SQLite's
-- lower() and LIKE both fold ASCII letters only, so a phrase of the ASCII-lowered search text (3 characters or
-- more) matches exactly the rows `field LIKE '%text%'` matches. The phone is a plain substring (instr), stored as is.
-- The tables start with "_" so db/seed.ts resetDatabase (which empties every other table, shadow tables
-- included) leaves them alone; the delete triggers on the base tables empty them instead.
CREATE VIRTUAL TABLE `_returns_search` USING fts5(company_name, return_id, order_num, email, phone, tokenize = 'trigram case_sensitive 1');
--> statement-breakpoint
-- Applications: city, state and postal code are the first address's (as the list's search reads them).
CREATE VIRTUAL TABLE `_applications_search` USING fts5(company_name, owner_name, email, phone_number, owner_number, city, state, postal_code, tokenize = 'trigram case_sensitive 1');
--> statement-breakpoint
INSERT INTO `_returns_search`(rowid, company_name, return_id, order_num, email, phone)
  SELECT id, lower(company_name), lower(return_id), lower(order_num), lower(email), phone FROM `return_requests`;
--> statement-breakpoint
INSERT INTO `_applications_search`(rowid, company_name, owner_name, email, phone_number, owner_number, city, state, postal_code)
  SELECT id, lower(company_name), lower(owner_name), lower(email), lower(phone_number), lower(owner_number),
    lower(json_extract(CASE WHEN json_valid(addresses) THEN addresses ELSE '[]' END, '$[0].city')),
    lower(json_extract(CASE WHEN json_valid(addresses) THEN addresses ELSE '[]' END, '$[0].state')),
    lower(json_extract(CASE WHEN json_valid(addresses) THEN addresses ELSE '[]' END, '$[0].postalCode'))
  FROM `customer_applications`;
--> statement-breakpoint
CREATE TRIGGER `returns_search_ai` AFTER INSERT ON `return_requests` BEGIN
  INSERT INTO `_returns_search`(rowid, company_name, return_id, order_num, email, phone)
    VALUES (new.id, lower(new.company_name), lower(new.return_id), lower(new.order_num), lower(new.email), new.phone);
END;
--> statement-breakpoint
CREATE TRIGGER `returns_search_ad` AFTER DELETE ON `return_requests` BEGIN
  DELETE FROM `_returns_search` WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `returns_search_au` AFTER UPDATE OF id, company_name, return_id, order_num, email, phone ON `return_requests` BEGIN
  DELETE FROM `_returns_search` WHERE rowid = old.id;
  INSERT INTO `_returns_search`(rowid, company_name, return_id, order_num, email, phone)
    VALUES (new.id, lower(new.company_name), lower(new.return_id), lower(new.order_num), lower(new.email), new.phone);
END;
--> statement-breakpoint
CREATE TRIGGER `applications_search_ai` AFTER INSERT ON `customer_applications` BEGIN
  INSERT INTO `_applications_search`(rowid, company_name, owner_name, email, phone_number, owner_number, city, state, postal_code)
    VALUES (new.id, lower(new.company_name), lower(new.owner_name), lower(new.email), lower(new.phone_number), lower(new.owner_number),
      lower(json_extract(CASE WHEN json_valid(new.addresses) THEN new.addresses ELSE '[]' END, '$[0].city')),
      lower(json_extract(CASE WHEN json_valid(new.addresses) THEN new.addresses ELSE '[]' END, '$[0].state')),
      lower(json_extract(CASE WHEN json_valid(new.addresses) THEN new.addresses ELSE '[]' END, '$[0].postalCode')));
END;
--> statement-breakpoint
CREATE TRIGGER `applications_search_ad` AFTER DELETE ON `customer_applications` BEGIN
  DELETE FROM `_applications_search` WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `applications_search_au` AFTER UPDATE OF id, company_name, owner_name, email, phone_number, owner_number, addresses ON `customer_applications` BEGIN
  DELETE FROM `_applications_search` WHERE rowid = old.id;
  INSERT INTO `_applications_search`(rowid, company_name, owner_name, email, phone_number, owner_number, city, state, postal_code)
    VALUES (new.id, lower(new.company_name), lower(new.owner_name), lower(new.email), lower(new.phone_number), lower(new.owner_number),
      lower(json_extract(CASE WHEN json_valid(new.addresses) THEN new.addresses ELSE '[]' END, '$[0].city')),
      lower(json_extract(CASE WHEN json_valid(new.addresses) THEN new.addresses ELSE '[]' END, '$[0].state')),
      lower(json_extract(CASE WHEN json_valid(new.addresses) THEN new.addresses ELSE '[]' END, '$[0].postalCode')));
END;
--> statement-breakpoint
-- The Customer Applications sorts that had no index (each sorted all 20,000 rows, or a whole status group): Location (first address's
-- street, then city), Status as displayed (Completed reads as Pending) and Phone. The expressions are the
-- services' ORDER BY expressions exactly, so the planner walks these indexes instead of sorting.
CREATE INDEX IF NOT EXISTS `applications_location_idx` ON `customer_applications` (json_extract(addresses, '$[0].street') COLLATE NOCASE, json_extract(addresses, '$[0].city') COLLATE NOCASE);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `applications_status_shown_idx` ON `customer_applications` ((CASE status WHEN 'Completed' THEN 'Pending' ELSE status END));
--> statement-breakpoint
-- Ties in the status sort are newest first in both directions (id DESC): walked forwards this one gives
-- (status ASC, id DESC), the one above backwards (status DESC, id DESC), so neither direction sorts a group.
CREATE INDEX IF NOT EXISTS `applications_status_shown_id_idx` ON `customer_applications` ((CASE status WHEN 'Completed' THEN 'Pending' ELSE status END), id DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `applications_phone_idx` ON `customer_applications` (phone_number COLLATE NOCASE);
