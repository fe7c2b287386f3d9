import { expect, test } from '@playwright/test';
import { spec } from '../../../scripts/spec-conformance';
import { clinic } from '../../../shared/constants/clinic';
import { testimonials } from '../../../shared/constants/testimonials';
import { treatments } from '../../../shared/constants/treatments';
import { isMobile, visit } from '../support/public-helpers';

// The public routes (home, about, treatments, one treatment, 404) as a visitor sees them, at 1280 and 375 px.
// The blog, the gallery and the contact page: spec-2-public-blog-gallery.spec.ts, spec-2-public-contact.spec.ts.

test.describe('home', () => {
  test(spec('SPEC 2', 'hero with background video (desktop and mobile variants)'), async ({ page }, testInfo) => {
    await visit(page, '/');
    // The poster carries a phone-sized variant below 768 px, the desktop one above.
    await expect(page.locator('.hero picture source')).toHaveAttribute('media', '(max-width: 767px)');
    await expect(page.locator('.hero picture source')).toHaveAttribute('srcset', /hero-poster-mobile/);
    await expect(page.locator('.hero-poster')).toHaveAttribute('src', /hero-poster-desktop/);
    const shown = await page.locator('.hero-poster').evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(shown).toContain(isMobile(testInfo) ? 'hero-poster-mobile' : 'hero-poster-desktop');
  });

  test.describe('with motion allowed', () => {
    test.use({ reducedMotion: 'no-preference' });
    test(spec('SPEC 2', 'hero with background video'), async ({ page }, testInfo) => {
      await visit(page, '/');
      await page.waitForLoadState('load');
      const video = page.locator('.hero video');
      await expect(video).toHaveCount(1, { timeout: 8000 });
      await expect(video).toHaveAttribute('src', isMobile(testInfo) ? /\/video\/hero-mobile\./ : /\/video\/hero-desktop\./);
    });

    test(spec('SPEC 2', 'a testimonial carousel of 4 cards that auto-rotates every 4 seconds with dot navigation'), async ({ page }) => {
      await visit(page, '/');
      const carousel = page.getByRole('region', { name: 'Patient testimonials' });
      await carousel.scrollIntoViewIfNeeded();
      await page.mouse.move(1, 1);
      await expect(carousel.getByRole('group', { includeHidden: true })).toHaveCount(4);
      const dots = carousel.getByRole('button', { name: /^Show testimonial \d of 4$/ });
      await expect(dots).toHaveCount(4);
      await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
      // Not before 4 seconds (allowing for the time the page took to settle), and by 4 seconds and a bit.
      const start = Date.now();
      await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true', { timeout: 6000 });
      const elapsed = Date.now() - start;
      expect(elapsed).toBeLessThan(5500);
      const t1 = Date.now();
      await expect(dots.nth(2)).toHaveAttribute('aria-current', 'true', { timeout: 6000 });
      expect(Date.now() - t1).toBeGreaterThan(3000);
      // A dot click jumps to it.
      await dots.nth(0).click();
      await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
      await expect(carousel.getByRole('group', { name: '1 of 4' })).toContainText(testimonials[0].name);
    });
  });

  test(spec('SPEC 2', 'Book Appointment dialog button, Call Now link'), async ({ page }) => {
    await visit(page, '/');
    const hero = page.locator('.hero');
    await expect(hero.getByRole('link', { name: 'Call Now' })).toHaveAttribute('href', clinic.phoneHref);
    await hero.getByRole('button', { name: 'Book Appointment' }).click();
    await expect(page.getByRole('dialog', { name: 'Book an Appointment' })).toBeVisible();
    await expect(page.getByRole('dialog').getByRole('form', { name: 'Book an appointment' })).toBeVisible();
  });

  test(spec('SPEC 2', 'welcome and why-choose-us blocks, EMI banner'), async ({ page }) => {
    await visit(page, '/');
    await expect(page.getByRole('heading', { level: 2, name: `Welcome to ${clinic.name}` })).toBeVisible();
    await expect(page.locator('#why-title')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Flexible EMI' })).toBeVisible();
  });

  test(spec('SPEC 2', 'five service circles (Implants, Invisible Aligners, Teeth Whitening, Root Canal, Braces)'), async ({ page }) => {
    await visit(page, '/');
    await expect(page.locator('.service-circles').getByRole('link')).toHaveText(['Implants', 'Invisible Aligners', 'Teeth Whitening', 'Root Canal', 'Braces']);
  });

  test(spec('SPEC 2', 'a testimonial carousel of 4 cards'), async ({ page }) => {
    await visit(page, '/');
    const carousel = page.getByRole('region', { name: 'Patient testimonials' });
    // One card shows at a time; the others are there, hidden from readers until their turn.
    await expect(carousel.getByRole('group', { includeHidden: true })).toHaveCount(4);
    for (const [i, t] of testimonials.entries()) {
      await expect(carousel.getByRole('group', { name: `${i + 1} of 4`, includeHidden: true })).toContainText(t.name);
    }
  });

  test(spec('SPEC 2', 'and a booking call-to-action dialog'), async ({ page }) => {
    await visit(page, '/');
    const cta = page.locator('.cta-band');
    await cta.getByRole('button', { name: 'Book Appointment' }).click();
    await expect(page.getByRole('dialog', { name: 'Book an Appointment' })).toBeVisible();
  });
});

test.describe('about', () => {
  test(spec('SPEC 2', '/about: doctor profile, education, specializations, six why-choose features'), async ({ page }) => {
    expect((await visit(page, '/about'))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 2, name: clinic.doctorName })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Education' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Specializations' })).toBeVisible();
    await expect(page.locator('.feature-grid .feature')).toHaveCount(6);
  });

  test(spec('SPEC 2', 'The doctor photo comes from a site setting'), async ({ page }) => {
    await page.route('**/api/site-settings/doctor_image', (route) => route.fulfill({ json: { key: 'doctor_image', value: '/images/logo.svg' } }));
    await visit(page, '/');
    await page.locator('footer').getByRole('link', { name: 'About' }).click();
    await expect(page.getByRole('img', { name: new RegExp(clinic.doctorName) })).toHaveAttribute('src', '/images/logo.svg');
  });

  test(spec('SPEC 2', 'falls back to a bundled image if missing or failing to load'), async ({ page }) => {
    let reads = 0;
    await page.route('**/api/site-settings/doctor_image', (route) => {
      reads += 1;
      return route.fulfill({ status: 404, json: { error: 'Setting not found' } });
    });
    await visit(page, '/');
    await page.locator('footer').getByRole('link', { name: 'About' }).click();
    const photo = page.getByRole('img', { name: new RegExp(clinic.doctorName) });
    await expect(photo).toHaveAttribute('src', '/images/doctor.webp');
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // Doctor-image reads do not retry.
    expect(reads).toBe(1);
  });
});

test.describe('treatments', () => {
  test(spec('SPEC 2', "/treatments: grid of all treatments, each with an expandable 'How it's done' procedure list (Learn More / Less Info)"), async ({ page }) => {
    await visit(page, '/treatments');
    const cards = page.locator('.treatment-grid .treatment-card');
    await expect(cards).toHaveCount(20);
    const card = cards.nth(4);
    await expect(card.locator('summary')).toContainText('Learn More');
    await card.locator('summary').click();
    await expect(card.getByText("How it's done")).toBeVisible();
    await expect(card.locator('summary')).toContainText('Less Info');
    for (const step of treatments[4].procedure) await expect(card.getByText(step)).toBeVisible();
    await card.locator('summary').click();
    await expect(card.getByText("How it's done")).toBeHidden();
  });

  test(spec('SPEC 2', 'four categories: Preventive Care, Restorative, Cosmetic, Orthodontics'), async ({ page }) => {
    await visit(page, '/treatments');
    await expect(page.locator('.category-grid').getByRole('heading')).toHaveText(['Preventive Care', 'Restorative', 'Cosmetic', 'Orthodontics']);
  });

  test(spec('SPEC 2', "The header says '21+ Treatments Available'"), async ({ page }) => {
    await visit(page, '/treatments');
    await expect(page.locator('.page-header')).toContainText('21+ Treatments Available');
  });

  test(spec('SPEC 2', 'only the first 8 appear (the home grid)'), async ({ page }) => {
    await visit(page, '/');
    await expect(page.locator('.treatment-grid .treatment-card h3')).toHaveText(treatments.slice(0, 8).map((t) => t.name));
  });

  test(spec('SPEC 2', '/treatments/{slug}: icon, name, description, price, duration, Book Appointment dialog, Call Now, About This Treatment text'), async ({ page }) => {
    const t = treatments.find((x) => x.slug === 'crown')!;
    expect((await visit(page, '/treatments/crown'))?.status()).toBe(200);
    await expect(page.locator('.detail-hero .treatment-icon svg')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: t.name })).toBeVisible();
    await expect(page.locator('main')).toContainText(t.description);
    await expect(page.locator('.detail-facts')).toContainText(t.price);
    await expect(page.locator('.detail-facts')).toContainText(t.duration);
    await expect(page.getByRole('heading', { name: 'About This Treatment' })).toBeVisible();
    await expect(page.getByText(t.about)).toBeVisible();
    await expect(page.locator('.detail-actions').getByRole('link', { name: 'Call Now' })).toHaveAttribute('href', clinic.phoneHref);
    await page.locator('.detail-actions').getByRole('button', { name: 'Book Appointment' }).click();
    await expect(page.getByRole('dialog', { name: 'Book an Appointment' })).toBeVisible();
  });

  test(spec('SPEC 2', '3 related treatments (the first three others)'), async ({ page }) => {
    // For the second treatment the first three others are the 1st, 3rd and 4th.
    await visit(page, `/treatments/${treatments[1].slug}`);
    await expect(page.locator('.treatment-grid .treatment-card h3')).toHaveText([treatments[0].name, treatments[2].name, treatments[3].name]);
  });

  test(spec('SPEC 2', 'Breadcrumb Home / Treatments / name'), async ({ page }) => {
    await visit(page, '/treatments/braces');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('listitem')).toHaveText(['Home', 'Treatments', 'Braces']);
    await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(crumbs.getByRole('link', { name: 'Treatments' })).toHaveAttribute('href', '/treatments');
  });

  test(spec('SPEC 2', "An unknown slug shows 'Treatment Not Found' with a link to all treatments"), async ({ page }) => {
    await visit(page, '/treatments/no-such-thing');
    await expect(page.getByRole('heading', { level: 1, name: 'Treatment Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'View All Treatments' }).click();
    await expect(page).toHaveURL(/\/treatments$/);
  });
});

test(spec('SPEC 2', 'Any other path: a 404 page titled "404 Page Not Found"'), async ({ page }) => {
  expect((await visit(page, '/no/such/page'))?.status()).toBe(404);
  await expect(page).toHaveTitle(/^404 Page Not Found/);
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
});

test(spec('SPEC 2', 'Every page sets its own title, description, canonical link and structured data'), async ({ page }) => {
  const seen = new Set<string>();
  for (const path of ['/', '/about', '/treatments', '/treatments/braces', '/blogs', '/gallery', '/contact']) {
    await visit(page, path);
    const title = await page.title();
    expect(seen.has(title), path).toBe(false);
    seen.add(title);
    expect(await page.locator('meta[name="description"]').getAttribute('content'), path).toBeTruthy();
    expect(await page.locator('link[rel="canonical"]').getAttribute('href'), path).toMatch(new RegExp(`^https?://[^/]+${path === '/' ? '/?' : path}$`));
    expect(await page.locator('script[type="application/ld+json"]').count(), path).toBeGreaterThan(0);
  }
});
