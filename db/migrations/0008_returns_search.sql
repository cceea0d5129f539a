-- Return Forms and Customer Applications substring search indexes (docs/decisions/014-returns-and-applications.md,
-- Performance), kept in sync by triggers so every writer (services, seed, scripts, tests) maintains them.
-- One trigram FTS5 table per base table, a column for each field the list searches as a substring; the
-- services query one column (`col MATCH '"phrase"'`) for searches of 3 characters or more and recheck the
-- candidates with the exact LIKE / instr, so the answer is the same as the plain LIKE's.
-- The tables start with "_" so db/seed.ts resetDatabase (which empties every other table, shadow tables
-- included) leaves them alone; the delete triggers on the base tables empty them instead.
CREATE VIRTUAL TABLE `_returns_search` USING fts5(company_name, return_id, order_num, email, phone, tokenize = 'trigram');
--> statement-breakpoint
-- Applications: city, state and postal code are the first address's (as the list's search reads them).
CREATE VIRTUAL TABLE `_applications_search` USING fts5(company_name, owner_name, email, phone_number, owner_number, city, state, postal_code, tokenize = 'trigram');
--> statement-breakpoint
INSERT INTO `_returns_search`(rowid, company_name, return_id, order_num, email, phone)
  SELECT id, company_name, return_id, order_num, email, phone FROM `return_requests`;
--> statement-breakpoint
INSERT INTO `_applications_search`(rowid, company_name, owner_name, email, phone_number, owner_number, city, state, postal_code)
  SELECT id, company_name, owner_name, email, phone_number, owner_number,
    json_extract(CASE WHEN json_valid(addresses) THEN addresses ELSE '[]' END, '$[0].city'),
    json_extract(CASE WHEN json_valid(addresses) THEN addresses ELSE '[]' END, '$[0].state'),
    json_extract(CASE WHEN json_valid(addresses) THEN addresses ELSE '[]' END, '$[0].postalCode')
  FROM `customer_applications`;
--> statement-breakpoint
CREATE TRIGGER `returns_search_ai` AFTER INSERT ON `return_requests` BEGIN
  INSERT INTO `_returns_search`(rowid, company_name, return_id, order_num, email, phone)
    VALUES (new.id, new.company_name, new.return_id, new.order_num, new.email, new.phone);
END;
--> statement-breakpoint
CREATE TRIGGER `returns_search_ad` AFTER DELETE ON `return_requests` BEGIN
  DELETE FROM `_returns_search` WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `returns_search_au` AFTER UPDATE OF id, company_name, return_id, order_num, email, phone ON `return_requests` BEGIN
  DELETE FROM `_returns_search` WHERE rowid = old.id;
  INSERT INTO `_returns_search`(rowid, company_name, return_id, order_num, email, phone)
    VALUES (new.id, new.company_name, new.return_id, new.order_num, new.email, new.phone);
END;
--> statement-breakpoint
CREATE TRIGGER `applications_search_ai` AFTER INSERT ON `customer_applications` BEGIN
  INSERT INTO `_applications_search`(rowid, company_name, owner_name, email, phone_number, owner_number, city, state, postal_code)
    VALUES (new.id, new.company_name, new.owner_name, new.email, new.phone_number, new.owner_number,
      json_extract(CASE WHEN json_valid(new.addresses) THEN new.addresses ELSE '[]' END, '$[0].city'),
      json_extract(CASE WHEN json_valid(new.addresses) THEN new.addresses ELSE '[]' END, '$[0].state'),
      json_extract(CASE WHEN json_valid(new.addresses) THEN new.addresses ELSE '[]' END, '$[0].postalCode'));
END;
--> statement-breakpoint
CREATE TRIGGER `applications_search_ad` AFTER DELETE ON `customer_applications` BEGIN
  DELETE FROM `_applications_search` WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `applications_search_au` AFTER UPDATE OF id, company_name, owner_name, email, phone_number, owner_number, addresses ON `customer_applications` BEGIN
  DELETE FROM `_applications_search` WHERE rowid = old.id;
  INSERT INTO `_applications_search`(rowid, company_name, owner_name, email, phone_number, owner_number, city, state, postal_code)
    VALUES (new.id, new.company_name, new.owner_name, new.email, new.phone_number, new.owner_number,
      json_extract(CASE WHEN json_valid(new.addresses) THEN new.addresses ELSE '[]' END, '$[0].city'),
      json_extract(CASE WHEN json_valid(new.addresses) THEN new.addresses ELSE '[]' END, '$[0].state'),
      json_extract(CASE WHEN json_valid(new.addresses) THEN new.addresses ELSE '[]' END, '$[0].postalCode'));
END;
