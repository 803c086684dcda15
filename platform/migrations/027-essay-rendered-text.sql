-- An essay's text as readers get it (formulas as MathML, sanitised once more, links given their rel), rendered when
-- the text is saved instead of on every read (issue 32, ADR 049). rendered_with names the renderer that made it
-- (KaTeX's version and ours), so a new renderer renders every essay again once, at start. Any change of the text
-- itself clears it, whichever code path made the change.
ALTER TABLE essays ADD COLUMN content_html TEXT;
ALTER TABLE essays ADD COLUMN content_en_html TEXT;
ALTER TABLE essays ADD COLUMN rendered_with TEXT;
CREATE TRIGGER essays_text_changed AFTER UPDATE OF content, content_en ON essays
  WHEN OLD.content IS NOT NEW.content OR OLD.content_en IS NOT NEW.content_en
BEGIN
  UPDATE essays SET rendered_with = NULL WHERE item_id = NEW.item_id;
END;
