-- Issue 31: the demo shell no longer promises free shipping shop-wide (each store sets its own minimum).
-- A demo shop made before keeps that exact demo link title in its settings: it becomes the new demo's.
-- An operator's own wording (anything but this exact title) is left alone.
UPDATE "settings"
SET "value" = replace("value"::text, '"Free shipping on orders over $50"', '"Shipping: 3-7 business days"')::jsonb
WHERE "value"::text LIKE '%"Free shipping on orders over $50"%';
