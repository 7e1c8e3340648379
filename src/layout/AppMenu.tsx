/**
 * The side menu: the dashboard, then 內容管理 (articles, pages, e-papers, categories, tags, labels, authors — those
 * that are registered), then every other resource, so a new resource shows up without touching this file.
 */
import { ListSubheader } from '@mui/material';
import { useResourceDefinitions, useTranslate } from 'ra-core';
import { Menu, useSidebarState } from 'react-admin';

const CONTENT_GROUP = ['press', 'page', 'epaper', 'category', 'tag', 'label', 'author'];

function GroupHeader({ label }: { label: string }) {
  const translate = useTranslate();
  const [open] = useSidebarState();
  if (!open) return null;
  return (
    <ListSubheader component="div" sx={{ bgcolor: 'transparent', lineHeight: 2.5, mt: 1 }}>
      {translate(label)}
    </ListSubheader>
  );
}

export function AppMenu() {
  const resources = useResourceDefinitions();
  const listed = Object.keys(resources).filter((name) => resources[name].hasList);
  const content = CONTENT_GROUP.filter((name) => listed.includes(name));
  const others = listed.filter((name) => !CONTENT_GROUP.includes(name));
  return (
    <Menu>
      <Menu.DashboardItem />
      {content.length > 0 && <GroupHeader label="app.menu.content" />}
      {content.map((name) => (
        <Menu.ResourceItem key={name} name={name} />
      ))}
      {others.map((name) => (
        <Menu.ResourceItem key={name} name={name} />
      ))}
    </Menu>
  );
}
