-- Order Tracking search indexes (docs/decisions/004-order-tracking.md), kept in sync by triggers so every
-- writer (services, seed, scripts) maintains them.
-- The tables start with "_" so db/seed.ts resetDatabase (which empties every other table, shadow tables
-- included) leaves them alone; the delete trigger on orders empties them instead.
-- orders_search: trigram index of order number + customer name for the 'customerOrOrder' substring search.
CREATE VIRTUAL TABLE `_orders_search` USING fts5(order_number, customer_name, tokenize = 'trigram');
--> statement-breakpoint
-- orders_assignment_words: the words of an order's warehouse assignment labels, labels separated by a
-- break token so a phrase never spans two labels; used for the warehouse employee's scope and the
-- warehouseAssignment search.
CREATE VIRTUAL TABLE `_orders_assignment_words` USING fts5(labels, tokenize = 'unicode61 remove_diacritics 2');
--> statement-breakpoint
INSERT INTO `_orders_search`(rowid, order_number, customer_name) SELECT id, order_number, customer_name FROM `orders`;
--> statement-breakpoint
INSERT INTO `_orders_assignment_words`(rowid, labels)
  SELECT o.id, (SELECT group_concat(j.value, ' x0labelbreak0x ') FROM json_each(CASE WHEN json_valid(o.warehouse_assignment) THEN o.warehouse_assignment ELSE '[]' END) j)
  FROM `orders` o;
--> statement-breakpoint
CREATE TRIGGER `orders_search_ai` AFTER INSERT ON `orders` BEGIN
  INSERT INTO `_orders_search`(rowid, order_number, customer_name) VALUES (new.id, new.order_number, new.customer_name);
  INSERT INTO `_orders_assignment_words`(rowid, labels) VALUES (new.id,
    (SELECT group_concat(j.value, ' x0labelbreak0x ') FROM json_each(CASE WHEN json_valid(new.warehouse_assignment) THEN new.warehouse_assignment ELSE '[]' END) j));
END;
--> statement-breakpoint
CREATE TRIGGER `orders_search_ad` AFTER DELETE ON `orders` BEGIN
  DELETE FROM `_orders_search` WHERE rowid = old.id;
  DELETE FROM `_orders_assignment_words` WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `orders_search_au` AFTER UPDATE OF order_number, customer_name ON `orders` BEGIN
  DELETE FROM `_orders_search` WHERE rowid = old.id;
  INSERT INTO `_orders_search`(rowid, order_number, customer_name) VALUES (new.id, new.order_number, new.customer_name);
END;
--> statement-breakpoint
CREATE TRIGGER `orders_assignment_words_au` AFTER UPDATE OF warehouse_assignment ON `orders` BEGIN
  DELETE FROM `_orders_assignment_words` WHERE rowid = old.id;
  INSERT INTO `_orders_assignment_words`(rowid, labels) VALUES (new.id,
    (SELECT group_concat(j.value, ' x0labelbreak0x ') FROM json_each(CASE WHEN json_valid(new.warehouse_assignment) THEN new.warehouse_assignment ELSE '[]' END) j));
END;
