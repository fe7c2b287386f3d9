import { useCallback, useEffect, useState } from 'react';
import type { ClinicDesktopApi, ServerCheckResult } from '../../preload/api';
import { ConnectingScreen } from './connecting-screen';
import { ServerAddressScreen } from './server-address-screen';
import { UnreachableScreen } from './unreachable-screen';

// Everything before the admin screens: check the remembered server, ask for an address on first launch,
// say plainly when the server cannot be reached. Calls onReady(address) once the server answers.

type Problem = Extract<ServerCheckResult, { ok: false }>;

type GateState =
  | { screen: 'connecting'; address: string | null }
  | { screen: 'setup'; initialAddress: string; canCancel: boolean }
  | { screen: 'unreachable'; address: string; problem: Problem; retrying: boolean; triedAt: Date };

export type GateStart = { screen: 'connect' } | { screen: 'setup'; initialAddress: string; canCancel: boolean };

const titles: Record<string, string> = {
  unreachable: 'Cannot reach the clinic server',
  unhealthy: 'The clinic server is not ready',
  'not-clinic': 'This is not the clinic server',
};

export function Gate({
  desktop,
  start,
  currentAddress,
  onReady,
  onAddressChanged,
}: {
  desktop: ClinicDesktopApi;
  start: GateStart;
  /** The address the app is using now; null on first launch. */
  currentAddress: string | null;
  onReady: (address: string) => void;
  /** A different address was saved: the caller reloads the app so nothing of the old server stays. */
  onAddressChanged: (address: string) => void;
}) {
  const [state, setState] = useState<GateState>(
    start.screen === 'setup' ? { ...start } : { screen: 'connecting', address: null },
  );

  const check = useCallback(
    async () => {
      const result = await desktop.checkServer();
      if (result.ok) return onReady(result.address);
      if (result.problem === 'not-set' || result.problem === 'invalid' || !result.address) {
        return setState({ screen: 'setup', initialAddress: result.address ?? '', canCancel: false });
      }
      setState({ screen: 'unreachable', address: result.address, problem: result, retrying: false, triedAt: new Date() });
    },
    [desktop, onReady],
  );

  useEffect(() => {
    if (start.screen !== 'connect') return;
    let live = true;
    void desktop.getServerAddress().then((address) => {
      if (live && address) setState({ screen: 'connecting', address });
    });
    void check();
    return () => {
      live = false;
    };
  }, [desktop, check, start.screen]);

  if (state.screen === 'connecting') return <ConnectingScreen address={state.address} />;

  if (state.screen === 'setup') {
    return (
      <ServerAddressScreen
        desktop={desktop}
        initialAddress={state.initialAddress}
        onConnected={(address) =>
          currentAddress === null || address === currentAddress ? onReady(address) : onAddressChanged(address)
        }
        onCancel={
          state.canCancel
            ? () => {
                setState({ screen: 'connecting', address: state.initialAddress || null });
                void check();
              }
            : undefined
        }
      />
    );
  }

  return (
    <UnreachableScreen
      title={titles[state.problem.problem] ?? titles.unreachable}
      address={state.address}
      message={state.problem.advice}
      triedAt={state.triedAt}
      retrying={state.retrying}
      onRetry={() => {
        setState({ ...state, retrying: true });
        void check();
      }}
      onChangeAddress={() => setState({ screen: 'setup', initialAddress: state.address, canCancel: true })}
    />
  );
}
