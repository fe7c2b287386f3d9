// Gallery categories (GAL-2). 'all' exists only as a filter, never on an image.

export const galleryCategories = [
  { value: 'clinic', label: 'Clinic' },
  { value: 'equipment', label: 'Equipment' },
  { value: 'team', label: 'Team' },
  { value: 'treatments', label: 'Treatments' },
  { value: 'before-after', label: 'Before & After' },
] as const;
export type GalleryCategory = (typeof galleryCategories)[number]['value'];
export const galleryCategoryValues = galleryCategories.map((c) => c.value) as GalleryCategory[];

/** The category the admin's Add Image form starts with (GAL-2). */
export const DEFAULT_GALLERY_CATEGORY: GalleryCategory = 'clinic';

// The public filter spells the last one out, as SITE-10 lists it.
export const galleryFilterOptions: readonly { value: 'all' | GalleryCategory; label: string }[] = [
  { value: 'all', label: 'All Photos' },
  ...galleryCategories.map((c) => ({
    value: c.value,
    label: c.value === 'before-after' ? 'Before and After' : c.label,
  })),
];

export function isGalleryCategory(value: string): value is GalleryCategory {
  return (galleryCategoryValues as string[]).includes(value);
}

export function categoryLabel(value?: string | null): string {
  return galleryCategories.find((c) => c.value === value)?.label ?? 'Uncategorized';
}
