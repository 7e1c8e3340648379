/** en words: the page tree of /page (src/resources/page/), its Structure and Tabs dialogs. */
const pageTree = {
  pageTree: {
    table: 'Page structure',
    category: 'Page category',
    allCategories: 'All categories',
    empty: 'No pages yet',
    expand: 'Expand "%{title}"',
    collapse: 'Collapse "%{title}"',
    active: 'Show "%{title}" in the site navigation',
    columns: {
      title: 'Title',
      status: 'Status',
      active: 'In navigation',
      actions: 'Actions',
    },
    structure: {
      button: 'Structure',
      title: 'Structure of "%{title}"',
      parent: 'Parent page',
      parentHint: 'Pages nest at most three levels; sub-pages become tabs of their parent.',
      top: 'None (top level)',
      category: 'Page category',
      noCategory: 'Uncategorised',
      saved: 'Page structure saved',
    },
    tabs: {
      button: 'Tabs',
      title: 'Tabs of "%{title}"',
      hint: 'Drag the tabs into order (keyboard: space picks up, arrows move, space drops) and pick the tab that opens first.',
      handle: 'Move "%{title}"',
      first: 'Open "%{title}" first',
      saved: 'Tabs saved',
      announce: {
        pickedUp: 'Picked up "%{title}", at position %{n}.',
        moved: '"%{title}" moved to position %{n}.',
        dropped: '"%{title}" dropped at position %{n}.',
        cancelled: 'Moving "%{title}" was cancelled.',
      },
    },
  },
};

export default pageTree;
