import type { Product } from '@kartlink/contracts';
import toast from 'react-hot-toast';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { httpStatusOf, serverMessageOf, userFacingMessage } from '../../../lib/errors';
import { useDeleteProductMutation } from '../api/products-api';
import { ProductFormMessages } from '../utils/product-form';

interface DeleteProductDialogProps {
  product: Product;
  onClose: () => void;
  onDeleted: () => void;
}

/** Asks before deleting a product link: its short link stops working for good. */
export function DeleteProductDialog({ product, onClose, onDeleted }: DeleteProductDialogProps) {
  const [deleteProduct, { isLoading }] = useDeleteProductMutation();

  const confirm = async () => {
    try {
      await deleteProduct(product.id).unwrap();
      toast.success(ProductFormMessages.deleted);
      onDeleted();
    } catch (error) {
      toast.error(userFacingMessage(httpStatusOf(error), serverMessageOf(error)));
      onClose();
    }
  };

  return (
    <ConfirmDialog
      title="Delete this link?"
      confirmLabel="Delete link"
      busyLabel="Deleting…"
      busy={isLoading}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <p>
        &ldquo;{product.title}&rdquo; and its short link {product.shortUrl} will stop working. This
        cannot be undone.
      </p>
    </ConfirmDialog>
  );
}
