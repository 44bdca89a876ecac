/** A Message-ID of our own domain (PUBLIC_URL's host), unique per delivery: `<id@parley.example.com>`. */
export function messageIdFor(publicUrl: string, id: string): string {
  return `<${id}@${new URL(publicUrl).hostname}>`;
}
