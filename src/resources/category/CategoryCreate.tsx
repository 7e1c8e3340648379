import { Create } from 'react-admin';
import { CategoryForm } from './CategoryForm';

/** Pessimistic, so the server's field errors (此欄位重複) show under the fields. */
export default function CategoryCreate() {
  return (
    <Create redirect="list" mutationMode="pessimistic">
      <CategoryForm />
    </Create>
  );
}
