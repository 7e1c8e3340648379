import { Edit } from 'react-admin';
import { CategoryForm } from './CategoryForm';

/** Pessimistic, so the server's field errors (此欄位重複) show under the fields. */
export default function CategoryEdit() {
  return (
    <Edit redirect="list" mutationMode="pessimistic">
      <CategoryForm />
    </Edit>
  );
}
