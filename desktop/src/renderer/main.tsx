import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createDesktopPlatform } from './desktop-platform';
import { Gate, type GateStart } from './gate/gate';
import './gate/gate.css';

// The desktop app's page (app://clinic/index.html). The gate (#gate) checks the clinic server, asks for its
// address on first launch and says when it cannot be reached; then the admin screens of site/ are mounted
// into #root with the desktop platform. The admin's code is loaded only then (a separate chunk).

const gateElement = document.getElementById('gate')!;
const adminElement = document.getElementById('root')!;
const desktop = window.clinicDesktop;

let gateRoot: Root | null = null;
let unmountAdmin: (() => void) | null = null;
let currentAddress: string | null = null;

function showGate(start: GateStart): void {
  unmountAdmin?.();
  unmountAdmin = null;
  if (!desktop) return;
  gateRoot ??= createRoot(gateElement);
  gateElement.hidden = false;
  gateRoot.render(
    <StrictMode>
      <Gate
        key={Date.now()}
        desktop={desktop}
        start={start}
        currentAddress={currentAddress}
        onReady={(address) => void openAdmin(address)}
        onAddressChanged={() => window.location.reload()}
      />
    </StrictMode>,
  );
}

async function openAdmin(address: string): Promise<void> {
  if (!desktop) return;
  currentAddress = address;
  const { mountAdmin } = await import('../../../site/src/admin/mount');
  gateRoot?.unmount();
  gateRoot = null;
  gateElement.hidden = true;
  unmountAdmin?.();
  unmountAdmin = mountAdmin(adminElement, createDesktopPlatform(desktop, address));
}

if (!desktop) {
  createRoot(gateElement).render(
    <main className="gate">
      <p className="gate-lead">This page runs inside the Smile Care Clinic Desk app.</p>
    </main>,
  );
} else {
  void desktop.getServerAddress().then((address) => {
    currentAddress = address;
    showGate({ screen: 'connect' });
  });
  // File > Change Server Address...
  desktop.onOpenServerSettings(() => showGate({ screen: 'setup', initialAddress: currentAddress ?? '', canCancel: currentAddress !== null }));
}
