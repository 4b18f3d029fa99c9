/** Public landing page for payment agents (/partners). Skeleton: the public-site helper writes the content. */
export function PartnersLandingPage() {
  return <h1>Платёжным агентам</h1>;
}
