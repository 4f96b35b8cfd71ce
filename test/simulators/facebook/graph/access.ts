import type { GNode, SimUser } from '../model/types';
import type { FacebookState } from '../state';

/** Whether the token's user may see this object at all (otherwise Graph answers 100/33). */
export function canAccess(state: FacebookState, user: SimUser, node: GNode): boolean {
  if (node.acct) return user.accounts.has(node.acct);
  switch (node.type) {
    case 'user':
      return node.id === user.id;
    case 'page':
      return user.pages.has(node.id);
    case 'leadgenform':
      return user.pages.has(String(node.owner));
    case 'lead': {
      const form = state.store.get(String(node.owner));
      return !!form && user.pages.has(String(form.owner));
    }
    case 'business':
      return user.businesses.has(node.id);
    case 'productcatalog':
      return user.businesses.has(String(node.owner));
    default:
      return false;
  }
}

/** The page a page-scoped object belongs to (page tokens are only good for their own page). */
export function pageOf(state: FacebookState, node: GNode): string | undefined {
  if (node.type === 'page') return node.id;
  if (node.type === 'leadgenform') return node.owner;
  if (node.type === 'lead') return state.store.get(String(node.owner))?.owner;
  return undefined;
}
