-- Titles are one line (docs/api.md, "Single-line fields"): a table's title, a Round Table's question and a plan's name
-- written before the input schemas collapsed control characters get the same collapse here — each run of control
-- characters or line breaks, with the white space beside it, becomes one space — so a mail or a heading never shows
-- them as two lines. A title that would be left empty keeps what it had.
UPDATE "GameTable" SET title = btrim(regexp_replace(title, '\s*[\x01-\x1f\x7f-\x9f\u2028\u2029][\s\x01-\x1f\x7f-\x9f\u2028\u2029]*', ' ', 'g'))
WHERE title ~ '[\x01-\x1f\x7f-\x9f\u2028\u2029]'
  AND btrim(regexp_replace(title, '\s*[\x01-\x1f\x7f-\x9f\u2028\u2029][\s\x01-\x1f\x7f-\x9f\u2028\u2029]*', ' ', 'g')) <> '';

UPDATE "Council" SET question = btrim(regexp_replace(question, '\s*[\x01-\x1f\x7f-\x9f\u2028\u2029][\s\x01-\x1f\x7f-\x9f\u2028\u2029]*', ' ', 'g'))
WHERE question ~ '[\x01-\x1f\x7f-\x9f\u2028\u2029]'
  AND btrim(regexp_replace(question, '\s*[\x01-\x1f\x7f-\x9f\u2028\u2029][\s\x01-\x1f\x7f-\x9f\u2028\u2029]*', ' ', 'g')) <> '';

UPDATE "Plan" SET name = btrim(regexp_replace(name, '\s*[\x01-\x1f\x7f-\x9f\u2028\u2029][\s\x01-\x1f\x7f-\x9f\u2028\u2029]*', ' ', 'g'))
WHERE name ~ '[\x01-\x1f\x7f-\x9f\u2028\u2029]'
  AND btrim(regexp_replace(name, '\s*[\x01-\x1f\x7f-\x9f\u2028\u2029][\s\x01-\x1f\x7f-\x9f\u2028\u2029]*', ' ', 'g')) <> '';
