import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Select } from 'antd';
import { useState } from 'react';
import { categoryLabel, galleryCategories } from '../../../../shared/constants/gallery';
import { useDeleteGalleryImage } from '../features/gallery/api/delete-gallery-image';
import { useGalleryImages } from '../features/gallery/api/get-gallery-images';
import type { AdminGalleryImage } from '../../../../shared/schemas/gallery-image';
import { GalleryImageFormDialog } from '../features/gallery/components/gallery-image-form-dialog';
import { countText } from '../api/paged-list';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ImagePreview } from '../components/image-preview';
import { EmptyState, ErrorState, ListSkeleton } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { Pager } from '../components/pager';
import { SearchField } from '../components/search-field';
import { Badge } from '../components/status-badge';
import { useToast } from '../components/use-toast';
import { plural, useListState } from '../hooks/use-list-state';
import { usePageTitle } from '../hooks/use-page-title';

export const GALLERY_PAGE_SIZE = 24;

const categoryOptions = [{ value: 'all', label: 'All Categories' }, ...galleryCategories.map((c) => ({ value: c.value, label: c.label }))];

// SPEC 2 Gallery management: search by title or description, category filter, Add and Edit dialogs, a
// grid of cards sorted by order with thumbnail, title, Active or Hidden, description, category, order.
export function GalleryPage() {
  usePageTitle('Gallery');
  const toast = useToast();
  const { search, setSearch, q, page, setPage, typing } = useListState();
  const [category, setCategory] = useState('all');
  const [editing, setEditing] = useState<AdminGalleryImage | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<AdminGalleryImage | null>(null);
  const list = useGalleryImages({ q, page, pageSize: GALLERY_PAGE_SIZE, filters: { category: category === 'all' ? undefined : category } });
  const remove = useDeleteGalleryImage();
  const rows = list.data?.rows ?? [];
  const count = countText(list.data);
  const filtered = Boolean(q) || category !== 'all';

  return (
    <>
      <PageHeader
        title="Gallery Management"
        description="Photos of the clinic, the team and treatments for the public gallery."
        actions={
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden="true" />}
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
            Add Image
          </Button>
        }
      />
      <div className="toolbar">
        <SearchField id="gallery-search" label="Search images" placeholder="Search by title or description..." value={search} onChange={setSearch} />
        <div className="toolbar-filter">
          <label htmlFor="gallery-category-filter" className="visually-hidden">
            Filter by category
          </label>
          <Select
            id="gallery-category-filter"
            value={category}
            options={categoryOptions}
            onChange={(value) => {
              setCategory(value);
              setPage(1);
            }}
            style={{ minWidth: 170 }}
          />
        </div>
      </div>

      {list.isPending ? (
        <ListSkeleton count={8} variant="card" label="Loading gallery images" />
      ) : list.isError ? (
        <ErrorState text="Unable to load gallery images." />
      ) : rows.length === 0 && page === 1 ? (
        <EmptyState text={filtered ? 'No images found matching your criteria.' : 'No images in the gallery yet.'} />
      ) : (
        <>
          <p className="count-line" aria-live="polite">
            {plural(count ?? '0', 'image', 'images')} found
          </p>
          <ul className="card-grid" aria-label="Gallery images" aria-busy={list.isFetching || typing}>
            {[...rows]
              .sort((a, b) => a.order - b.order)
              .map((img) => (
                <li key={img.id} className="gallery-card">
                  <div className="gallery-thumb">
                    <ImagePreview src={img.thumbnailUrl || img.imageUrl} fallbackSrc={img.imageUrl} alt={img.title} quiet />
                  </div>
                  <div className="gallery-body">
                    <div className="row-title-line">
                      <p className="row-title">{img.title}</p>
                      <Badge tone={img.isActive ? 'green' : 'grey'}>{img.isActive ? 'Active' : 'Hidden'}</Badge>
                    </div>
                    {img.description && <p className="row-excerpt">{img.description}</p>}
                    <p className="row-meta">
                      <span>{categoryLabel(img.category)}</span>
                      <span>Order: {img.order}</span>
                    </p>
                    <div className="row-actions">
                      <Button
                        icon={<EditOutlined aria-hidden="true" />}
                        aria-label={`Edit "${img.title}"`}
                        onClick={() => {
                          setEditing(img);
                          setFormOpen(true);
                        }}
                      >
                        Edit
                      </Button>
                      <Button danger icon={<DeleteOutlined aria-hidden="true" />} aria-label={`Delete "${img.title}"`} onClick={() => setDeleting(img)}>
                        Delete
                      </Button>
                    </div>
                  </div>
                </li>
              ))}
          </ul>
          <Pager page={list.data} onChange={setPage} label="Gallery pages" />
        </>
      )}

      <GalleryImageFormDialog open={formOpen} image={editing} onClose={() => setFormOpen(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete image?"
        confirmLabel="Delete Image"
        cancelLabel="Cancel"
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success('Image deleted', `"${deleting.title}" has been removed from the gallery.`);
              setDeleting(null);
            },
            onError: (err) => toast.failure('Error deleting image', err),
          })
        }
      >
        {deleting && (
          <p>
            Are you sure you want to delete &ldquo;<strong>{deleting.title}</strong>&rdquo;? This cannot be undone.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
