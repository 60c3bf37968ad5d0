// A fresh start's catalog is UF's real schedule (the shipped snapshot,
// adapters/catalog/seed): a real Spring 2025 instructor's section, which only
// the snapshot holds (serve.ts syncs Fall 2025 alone), with its real days,
// times and room, and the course's real sections counted; the landing, search
// and dashboard say which catalog it is and how old.
import { expect, test } from '@playwright/test';
import { searchCatalog, signUpViaApi } from './e2e-support';

const today = () => new Date().toISOString().slice(0, 10);

test("finds a real instructor's section of the shipped snapshot with its days, times and room, and says which catalog is loaded", async ({
  page,
}) => {
  // A visitor on the landing: serve.ts synced Fall 2025 from a replay of UF's API after the snapshot loaded.
  await page.goto('/');
  await expect(page.getByText(`Catalog: UF Schedule of Courses, Fall 2025, synced ${today()}`)).toBeVisible();

  await signUpViaApi(page, 'Riley', 'Gator', '/search-courses');
  await expect(page.getByText(`Catalog: UF Schedule of Courses, Fall 2025, synced ${today()}`)).toBeVisible();

  await searchCatalog(page, 'Olivia Bullock');
  await expect(page.getByRole('article')).toHaveCount(1);
  const card = page.getByRole('article').filter({ hasText: 'ADV3001' });
  await expect(card.getByRole('heading', { name: 'Advertising Strategy' })).toBeVisible();
  const row = card
    .getByRole('list', { name: /^Sections of ADV3001/ })
    .getByRole('listitem')
    .filter({ hasText: '#25818' });
  await expect(row).toContainText('Olivia Bullock');
  await expect(row).toContainText('W 3:00 PM-6:00 PM, WEIM 2058');

  // The course's four real Spring 2025 sections, all listed.
  await searchCatalog(page, 'ADV 3001 spring 2025');
  const course = page.getByRole('article').filter({ hasText: 'ADV3001' });
  await expect(course.getByRole('list', { name: /^Sections of ADV3001/ }).getByRole('listitem')).toHaveCount(4);

  await page.goto('/');
  await expect(page.getByText(`Catalog: UF Schedule of Courses, Fall 2025, synced ${today()}`)).toBeVisible();
});
