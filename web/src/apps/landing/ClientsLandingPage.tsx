/** Public landing page for clients (/clients). Skeleton: the public-site helper writes the content (spec core §1, §9). */
export function ClientsLandingPage() {
  return <h1>Валютные платежи для внешнеэкономической деятельности</h1>;
}
