import { describe, expect, it } from 'vitest';
import { pickLocale } from '../../contract/constants';
import { permissionFor } from '../../contract/permissions';
import { loginUrl } from '../../src/auth/session';
import { pickFields, toFilters } from '../../src/dataProvider';
import { inputFields, type ResourceApi } from '../../src/dataProvider/resourceApi';
import { entityApiOf } from '../../src/entities/api';

const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('sign-in redirects', () => {
  it('sends signed-out visitors to sign in with the way back', () => {
    expect(loginUrl(at('/category', '?page=2'))).toBe('/auth/login?goback=%2Fcategory%3Fpage%3D2');
    expect(loginUrl(at('/'))).toBe('/auth/login');
    expect(loginUrl(at('/auth/register'))).toBe('/auth/login');
  });
});

describe('dataProvider mapping', () => {
  it('turns the search box into a search filter and drops an empty one', async () => {
    const api = (await entityApiOf('category')) as ResourceApi;
    expect(toFilters(api, { name: ' 科技 ' })).toEqual([{ col: 'name', value: '科技', type: 'search' }]);
    expect(toFilters(api, { name: '   ' })).toEqual([]);
    expect(toFilters(api, { unknown: 'x' })).toEqual([]);
  });

  it('sends only the fields the contract declares', async () => {
    const api = (await entityApiOf('category')) as ResourceApi;
    expect(pickFields(inputFields(api.update), { id: 3, slug: 'x', name: 'n', updated_at: 'z' })).toEqual({
      id: 3,
      slug: 'x',
    });
  });
});

describe('locale and permissions', () => {
  it('picks the interface locale from Accept-Language', () => {
    expect(pickLocale('en-US,en;q=0.9')).toBe('en');
    expect(pickLocale('ja')).toBe('ja');
    expect(pickLocale('zh-CN')).toBe('zh-TW');
    expect(pickLocale('fr-FR')).toBe('zh-TW');
    expect(pickLocale(undefined)).toBe('zh-TW');
  });

  it('maps resource actions to the permissions the server checks', () => {
    expect(permissionFor('category', 'list')).toBe('post.view');
    expect(permissionFor('category', 'show')).toBe('post.view');
    expect(permissionFor('category', 'edit')).toBe('post.edit');
    expect(permissionFor('category', 'export')).toBeUndefined();
    expect(permissionFor('nothing', 'list')).toBeUndefined();
  });
});
