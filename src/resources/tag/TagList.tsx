/** /tag: the tags of the site (the shared label list). */
import { LabelList } from '../label/LabelList';

export default function TagList() {
  return <LabelList type="tag" basePath="/tag" />;
}
