// The test deployment's banner (DEPLOYMENT=test), at the top of the panel and of the collection page: nobody should
// take a test system's money for real.
export function TestBanner({ text }: { text: string }) {
  return <aside className="test-banner">{text}</aside>;
}
