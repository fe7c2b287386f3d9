/** Shown while the remembered server is checked at start. */
export function ConnectingScreen({ address }: { address: string | null }) {
  return (
    <main className="gate">
      <div className="gate-connecting" role="status">
        <span className="gate-spinner gate-spinner-large" aria-hidden="true" />
        <p>Connecting to the clinic server{address ? ` at ${address}` : ''}…</p>
      </div>
    </main>
  );
}
