import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { memo } from 'react';
import { categoryLabel, galleryCategories } from '../../../../shared/constants/gallery';
import type { AdminGalleryImage } from '../../../../shared/schemas/gallery-image';
import { ConfirmDialog, useConfirmAction } from '../components/confirm-dialog';
import { ImagePreview } from '../components/image-preview';
import { FilterSelect, ListScreen } from '../components/list-screen';
import { Badge } from '../components/status-badge';
import { useDeleteGalleryImage } from '../features/gallery/api/delete-gallery-image';
import { useGalleryImages } from '../features/gallery/api/get-gallery-images';
import { GalleryImageFormDialog } from '../features/gallery/components/gallery-image-form-dialog';
import { useItemDialog } from '../hooks/use-item-dialog';
import { filterValue, useListState } from '../hooks/use-list-state';
import { usePageTitle } from '../hooks/use-page-title';

export const GALLERY_PAGE_SIZE = 24;

const categoryOptions = [{ value: 'all', label: 'All Categories' }, ...galleryCategories.map((c) => ({ value: c.value, label: c.label }))];

const GalleryCard = memo(function GalleryCard({
  image: img,
  onEdit,
  onDelete,
}: {
  image: AdminGalleryImage;
  onEdit: (img: AdminGalleryImage) => void;
  onDelete: (img: AdminGalleryImage) => void;
}) {
  return (
    <li className="gallery-card">
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
          <Button icon={<EditOutlined aria-hidden="true" />} aria-label={`Edit "${img.title}"`} onClick={() => onEdit(img)}>
            Edit
          </Button>
          <Button danger icon={<DeleteOutlined aria-hidden="true" />} aria-label={`Delete "${img.title}"`} onClick={() => onDelete(img)}>
            Delete
          </Button>
        </div>
      </div>
    </li>
  );
});

// GAL-4 Gallery management: search by title or description, category filter, Add and Edit dialogs, a
// grid of cards sorted by order with thumbnail, title, Active or Hidden, description, category, order.
export function GalleryPage() {
  usePageTitle('Gallery');
  const state = useListState({ category: 'all' });
  const { category } = state.filters;
  const list = useGalleryImages({ q: state.q, page: state.page, pageSize: GALLERY_PAGE_SIZE, filters: { category: filterValue(category) } });
  const form = useItemDialog<AdminGalleryImage>();
  const remove = useConfirmAction({
    mutation: useDeleteGalleryImage(),
    variables: (img: AdminGalleryImage) => img.id,
    success: (img) => ['Image deleted', `"${img.title}" has been removed from the gallery.`],
    failure: 'Error deleting image',
  });

  return (
    <ListScreen
      title="Gallery Management"
      description="Photos of the clinic, the team and treatments for the public gallery."
      actions={
        <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={form.openNew}>
          Add Image
        </Button>
      }
      search={{ id: 'gallery-search', label: 'Search images', placeholder: 'Search by title or description...' }}
      filters={
        <FilterSelect
          id="gallery-category-filter"
          label="Filter by category"
          value={category}
          options={categoryOptions}
          onChange={(value) => state.setFilter('category', value)}
          minWidth={170}
        />
      }
      state={state}
      list={list}
      loading={{ count: 8, variant: 'card', label: 'Loading gallery images' }}
      errorText="Unable to load gallery images."
      emptyText={state.q || category !== 'all' ? 'No images found matching your criteria.' : 'No images in the gallery yet.'}
      noun={['image', 'images']}
      pagerLabel="Gallery pages"
      items={{
        layout: 'cards',
        label: 'Gallery images',
        item: (img) => <GalleryCard key={img.id} image={img} onEdit={form.openEdit} onDelete={remove.ask} />,
      }}
    >
      <GalleryImageFormDialog open={form.open} image={form.item} onClose={form.close} />
      <ConfirmDialog {...remove.dialogProps} title="Delete image?" confirmLabel="Delete Image" cancelLabel="Cancel">
        {remove.item && (
          <p>
            Are you sure you want to delete &ldquo;<strong>{remove.item.title}</strong>&rdquo;? This cannot be undone.
          </p>
        )}
      </ConfirmDialog>
    </ListScreen>
  );
}
