// Account names (and admins' emails) compare as one under Unicode NFKC and case: "BOSS", "boss" and "ｂｏｓｓ" are
// one name. The key is kept beside each account (User.nameKey, unique), so the database itself refuses a second.

/**
 * The form two names are compared in: NFKC (full-width and other compatibility forms fold to their plain letters),
 * then case-folded. JavaScript has no full case fold; upper-then-lower folds what lower alone leaves apart ("ß" and
 * "SS", "ς" and "Σ"), and NFKC again settles what the case mapping composed.
 */
export function nameKey(name: string): string {
  return name.trim().normalize("NFKC").toUpperCase().toLowerCase().normalize("NFKC");
}

/** A new account's name fields: the name as shown, and the key it is unique by. */
export function accountName(name: string): { name: string; nameKey: string } {
  return { name, nameKey: nameKey(name) };
}
