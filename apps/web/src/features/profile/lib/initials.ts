/** Two letters for the avatar: first letters of first and last name, upper-cased. */
export function initialsOf(firstName: string, lastName: string): string {
  const first = Array.from(firstName.trim())[0] ?? '';
  const last = Array.from(lastName.trim())[0] ?? '';
  const initials = `${first}${last}`.toUpperCase();
  return initials === '' ? '?' : initials;
}
