/**
 * RFC 4180 CSV: CRLF line ends, a cell quoted when it holds a comma, quote or line break. A text
 * cell that starts with = + - @ or a tab (titles come from stream metadata, anyone's text) gets a
 * leading apostrophe, so a spreadsheet shows it instead of running it as a formula.
 */
export function csvOf(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

function cell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
