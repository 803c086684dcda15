-- How a person is named to English readers (issue 34): a romanised name beside the nickname, empty when the person
-- gave none (the nickname is then used in both languages). Seeded writers get theirs here as well as in the seed, so a
-- database seeded before this migration shows English names too.
ALTER TABLE users ADD COLUMN nickname_en TEXT NOT NULL DEFAULT '';
UPDATE users SET nickname_en = 'Lin Zhiyuan' WHERE user_name = 'essay-writer-1';
UPDATE users SET nickname_en = 'Zhou Xiaolan' WHERE user_name = 'essay-writer-2';
UPDATE users SET nickname_en = 'Chen Bowen' WHERE user_name = 'essay-writer-3';
UPDATE users SET nickname_en = 'Hannah Weiss' WHERE user_name = 'essay-writer-4';
UPDATE users SET nickname_en = 'Xu Mubai' WHERE user_name = 'essay-writer-5';
-- A scholar's essay account is named as the scholar's items name them in English.
UPDATE users SET nickname_en = COALESCE((
  SELECT i.author_name_en FROM essays e JOIN items i ON i.id = e.item_id
  WHERE e.user_id = users.id AND i.author_name_en <> '' AND i.author_name_en <> i.author_name LIMIT 1
), '') WHERE user_name LIKE 'essay-scholar-%';
UPDATE items SET author_name_en = (SELECT u.nickname_en FROM essays e JOIN users u ON u.id = e.user_id WHERE e.item_id = items.id)
  WHERE kind = 'essay' AND EXISTS (SELECT 1 FROM essays e JOIN users u ON u.id = e.user_id WHERE e.item_id = items.id AND u.nickname_en <> '');
