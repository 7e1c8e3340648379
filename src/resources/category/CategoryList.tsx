/** /category: the categories of the site (the shared label list). */
import { LabelList } from '../label/LabelList';

export default function CategoryList() {
  return <LabelList type="category" basePath="/category" />;
}
