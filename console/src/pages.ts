// The console's pages and the roles that may use each: a page is listed only for roles the API would not answer
// 403 (docs/API.md, "Authentication and permissions").
import type { ComponentType } from 'react';
import { CURATORS, type Role, type Session } from './auth';
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

export const PAGES: PageDef[] = [
  { id: 'review', title: 'Review queue', roles: CURATORS, component: ReviewPage },
  { id: 'try', title: 'Try it', roles: 'any', component: TryItPage },
];
