import { ReloadOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import type { ReactNode } from 'react';

// The three list states every admin screen shows (ADMIN-14): skeletons while loading (a count per screen),
// the empty text, and the load failure with Try Again, which reloads the page.

export function ListSkeleton({ count, variant = 'row', label }: { count: number; variant?: 'row' | 'card'; label: string }) {
  return (
    <div className={variant === 'card' ? 'card-grid' : 'row-list'} aria-busy="true" aria-label={label} role="status">
      {Array.from({ length: count }, (_, i) =>
        variant === 'card' ? (
          <div className="skeleton-item skeleton-card" key={i}>
            <Skeleton.Node active style={{ width: '100%', height: 150 }}>
              <span />
            </Skeleton.Node>
            <Skeleton active title paragraph={{ rows: 2 }} />
          </div>
        ) : (
          <div className="skeleton-item skeleton-row" key={i}>
            <Skeleton avatar active title paragraph={{ rows: 1 }} />
          </div>
        ),
      )}
    </div>
  );
}

export function EmptyState({ text, icon, children }: { text: string; icon?: ReactNode; children?: ReactNode }) {
  return (
    <div className="list-state list-empty" role="status">
      {icon && <div className="list-state-icon" aria-hidden="true">{icon}</div>}
      <p>{text}</p>
      {children}
    </div>
  );
}

export function ErrorState({ text }: { text: string }) {
  return (
    <div className="list-state list-error" role="alert">
      <p>{text}</p>
      <Button icon={<ReloadOutlined />} onClick={() => window.location.reload()}>
        Try Again
      </Button>
    </div>
  );
}
