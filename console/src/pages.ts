// The console's pages and the roles that may use each: a page is listed only for roles the API would not answer
// 403 (docs/API.md, "Authentication and permissions").
import type { ComponentType } from 'react';
import type { Role, Session } from './auth';
import { CataloguePage } from './pages/CataloguePage';
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
  { id: 'catalogue', title: 'Catalogue', roles: 'any', component: CataloguePage },
  { id: 'try', title: 'Try it', roles: 'any', component: TryItPage },
];
