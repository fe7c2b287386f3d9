import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Pagination } from 'antd';
import type { Page } from '../api/paged-list';

// Paging over the server's lists (API-7). With X-Total-Count the usual numbered pagination; without it
// (the list only says whether another page follows) Previous / Next.
export function Pager({ page, onChange, label }: { page: Page<unknown> | undefined; onChange: (page: number) => void; label: string }) {
  if (!page) return null;
  if (page.total !== null) {
    if (page.total <= page.pageSize) return null;
    return (
      <nav className="pager" aria-label={label}>
        <Pagination
          current={page.page}
          pageSize={page.pageSize}
          total={page.total}
          showSizeChanger={false}
          onChange={onChange}
          size="small"
        />
      </nav>
    );
  }
  if (page.page === 1 && !page.hasMore) return null;
  return (
    <nav className="pager" aria-label={label}>
      <Button icon={<LeftOutlined aria-hidden="true" />} disabled={page.page <= 1} onClick={() => onChange(page.page - 1)}>
        Previous
      </Button>
      <span className="pager-page" aria-current="page">
        Page {page.page}
      </span>
      <Button disabled={!page.hasMore} onClick={() => onChange(page.page + 1)}>
        Next <RightOutlined aria-hidden="true" />
      </Button>
    </nav>
  );
}
