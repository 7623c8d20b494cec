// The console's pages and the roles that may use each: a page is listed only for roles the API would not answer
// 403 (docs/API.md, "Authentication and permissions").
import type { ComponentType } from 'react';
import { ADMINS, ANALYSTS, CURATORS, type Role, type Session } from './auth';
import { AdminPage } from './pages/AdminPage';
import { AnalyticsPage } from './pages/AnalyticsPage';
import { CataloguePage } from './pages/CataloguePage';
import { ReviewPage } from './pages/ReviewPage';
import { TryItPage } from './pages/TryItPage';

export interface PageProps {
  session: Session;
}

export interface PageDef {
  id: string;
  title: string;
  roles: readonly Role[] | 'any';
  component: ComponentType<PageProps>;
}

/** In menu order; the first page a user may see is where the console opens. */
export const PAGES: PageDef[] = [
  { id: 'review', title: 'Review queue', roles: CURATORS, component: ReviewPage },
  { id: 'catalogue', title: 'Catalogue', roles: 'any', component: CataloguePage },
  { id: 'try', title: 'Try it', roles: 'any', component: TryItPage },
  { id: 'analytics', title: 'Analytics', roles: ANALYSTS, component: AnalyticsPage },
  { id: 'admin', title: 'Admin', roles: ADMINS, component: AdminPage },
];
