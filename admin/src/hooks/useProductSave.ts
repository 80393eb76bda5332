// Saving the product form: a new product is created (its waiting pictures uploaded right after, its own
// page opened), a saved one updated. A refusal naming fields puts each message on its field and opens the
// language tab it is in; any other failure is the message above Save. While the save is on its way a
// second press or Enter sends nothing.
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { type FieldErrors, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError, showToast } from '@bozor/shared';
import { api } from '../api';
import type { AdminProduct } from '../api/catalog';
import { errorText } from '../components/common/States';
import { formPathOf, productToValues, valuesToBody, type ProductValues } from '../forms/product';
import { collectPaths } from '../forms/productErrors';

export interface ProductSaveOptions {
  form: UseFormReturn<ProductValues>;
  product: AdminProduct | null;
  /** Pictures chosen before the product exists, and how to empty them once uploaded. */
  pending: File[];
  setPending: (files: File[]) => void;
  onProduct: (p: AdminProduct) => void;
  /** Opens the language tabs of the fields (form paths) a refusal named. */
  openInvalid: (paths: readonly string[]) => void;
  /** Puts the focus on the first wrong field, else the message (after the render that shows them). */
  focusProblem: () => void;
}

export function useProductSave({ form, product, pending, setPending, onProduct, openInvalid, focusProblem }: ProductSaveOptions) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // the message above Save: ours by its key, or the failed call (the API's own words, else ours), both turned
  // into text as shown, so they follow the language switch
  const [problem, setProblem] = useState<{ key: string } | { failure: unknown } | null>(null);
  const error = problem === null ? '' : 'key' in problem ? t(problem.key) : errorText(problem.failure, t);
  const saving = useRef(false);
  /** While the save is on its way (the button says so; a press or Enter meanwhile sends nothing). */
  const [sending, setSending] = useState(false);

  const showInvalid = (errs: FieldErrors<ProductValues>) => {
    openInvalid(collectPaths(errs, '').map((p) => p.slice(1)));
    focusProblem();
    setProblem({ key: 'products.fixErrors' });
  };

  const save = form.handleSubmit(async (values) => {
    setProblem(null);
    saving.current = true;
    setSending(true);
    try {
      const body = valuesToBody(values);
      if (product) {
        const answer = await api.updateProduct(product.id, body);
        form.reset(productToValues(answer.product));
        onProduct(answer.product);
        showToast(t('products.saved'), 'success');
      } else {
        const answer = await api.createProduct(body);
        form.reset(values);
        let created = answer.product;
        if (pending.length) {
          try {
            created = (await api.addImages(created.id, pending)).product;
          } catch (err) {
            showToast(`${t('products.picturesFailed')} ${errorText(err, t)}`, 'error', 10_000);
          }
          setPending([]);
        }
        showToast(t('products.created'), 'success');
        // the new product is on screen at once (no loading state), and its page's title takes the focus
        // that the create form's button had (that form is gone)
        onProduct(created);
        void navigate(`/products/${created.id}`, { replace: true, state: { focusTitle: true } });
      }
    } catch (err) {
      if (err instanceof ApiError && (err.status === 422 || err.status === 409) && Object.keys(err.fields).length) {
        const placed: string[] = [];
        for (const [apiPath, message] of Object.entries(err.fields)) {
          const path = formPathOf(apiPath);
          form.setError(path as Path<ProductValues>, { type: 'server', message });
          placed.push(path);
        }
        openInvalid(placed);
        setProblem(err.message ? { failure: err } : { key: 'products.fixErrors' });
      } else setProblem({ failure: err });
      // once its tab is open, the first refused field gets the focus (or the message, for a refusal of no field)
      focusProblem();
    } finally {
      saving.current = false;
      setSending(false);
    }
  }, showInvalid);

  return { save, error, sending, saving };
}
