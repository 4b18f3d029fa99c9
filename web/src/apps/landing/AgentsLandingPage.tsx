/** Public landing page for referral partners (/agents). Skeleton: the public-site helper writes the content. */
export function AgentsLandingPage() {
  return <h1>Партнёрам</h1>;
}
