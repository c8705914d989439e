-- Issue 32: a payment reminder's text kept the payee's payment handles as they were when it was sent, and told the
-- payer to pay an old PayNow number or IBAN after the payee changed them. New reminders point to the pay sheet
-- instead, which reads the handles when it opens (features/bills/transactions.ts); the stored ones lose their
-- handles line (always the last line, "Pay with …") the same way.
UPDATE notifications n
SET content = regexp_replace(n.content, '\nPay with [^\n]*$',
  E'\nOpen "To pay" in Outing to see how to pay '
    || coalesce((SELECT u.username FROM users u WHERE u.id = n.actor_id), 'them') || '.')
WHERE n.kind = 'payment_reminder' AND n.content ~ '\nPay with [^\n]*$';
