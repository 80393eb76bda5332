// The category tree: add, rename (three languages), move under another category or to the top, reorder
// among siblings, picture, delete (refused while it has products or subcategories, in the API's words).
import { useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $language, Button, Dialog, showToast } from '@bozor/shared';
import { api } from '../../api';
import type { AdminCategory, Localized } from '../../api/types';
import { ConfirmDialog } from '../../components/common/ConfirmDialog';
import { SelectField, TextField } from '../../components/common/Fields';
import { FormFooter } from '../../components/common/FormFooter';
import { MoveButtons } from '../../components/common/MoveButtons';
import { ListStates, errorText } from '../../components/common/States';
import { LocalizedFields, PictureField, emptyLocalized, inLang, useSave } from '../../components/content/ContentFields';
import { useQuery } from '../../hooks/useQuery';

type Dialogs = { kind: 'add' } | { kind: 'edit'; category: AdminCategory } | { kind: 'move'; category: AdminCategory } | { kind: 'delete'; category: AdminCategory } | null;

/** Depth of each category (0 for the top level) and its descendants, from the parents-first list. */
export function treeInfo(list: readonly AdminCategory[]) {
  const byId = new Map(list.map((c) => [c.id, c]));
  const depth = (c: AdminCategory): number => {
    let d = 0;
    for (let p = c.parent_id; p !== null && d < 50; p = byId.get(p)?.parent_id ?? null) d++;
    return d;
  };
  const descendants = (id: number): Set<number> => {
    const out = new Set<number>([id]);
    let grew = true;
    while (grew) {
      grew = false;
      for (const c of list) {
        if (c.parent_id !== null && out.has(c.parent_id) && !out.has(c.id)) {
          out.add(c.id);
          grew = true;
        }
      }
    }
    return out;
  };
  const siblings = (parent: number | null) => list.filter((c) => c.parent_id === parent);
  return { depth, descendants, siblings };
}

function CategoryForm({ category, all, onSaved, onCancel }: { category: AdminCategory | null; all: AdminCategory[]; onSaved: (c: AdminCategory) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const lang = useStore($language);
  const info = treeInfo(all);
  const [slug, setSlug] = useState(category?.slug ?? '');
  const [parent, setParent] = useState('');
  const [name, setName] = useState<Localized>(category?.name ?? emptyLocalized());
  const [description, setDescription] = useState<Localized>(category?.description ?? emptyLocalized());
  const { errors, message, saving, run } = useSave((f) => /^(slug|parent_id|(name|description)(\.(uz|ru|en))?)$/.test(f));

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    return run(async () => {
      const descriptionEmpty = !description.uz && !description.ru && !description.en;
      const answer = category
        ? await api.updateCategory(category.id, { slug, name, description: descriptionEmpty ? null : description })
        : await api.addCategory({ slug, parent_id: parent ? Number(parent) : null, name });
      onSaved(answer.category);
    });
  };

  return (
    <form className="adm-form" noValidate onSubmit={(e) => void save(e)} data-testid="category-form">
      {category ? null : (
        <SelectField label={t('categories.parent')} value={parent} onChange={(e) => setParent(e.target.value)} error={errors.parent_id}>
          <option value="">{t('categories.topLevel')}</option>
          {all.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {'— '.repeat(info.depth(c))}
              {inLang(c.name, lang)}
            </option>
          ))}
        </SelectField>
      )}
      <TextField label={t('content.slug')} value={slug} onChange={(e) => setSlug(e.target.value.trim().toLowerCase())} error={errors.slug} data-testid="category-slug" />
      <small className="adm-muted">{t('content.slugHint')}</small>
      <LocalizedFields label={t('categories.name')} name="name" value={name} onChange={setName} errors={errors} testId="category-name" />
      {category ? <LocalizedFields label={t('categories.description')} name="description" value={description} onChange={setDescription} errors={errors} multiline optional /> : null}
      <FormFooter error={message} submitLabel={category ? t('actions.save') : t('categories.add')} submitting={saving} onCancel={onCancel} />
    </form>
  );
}

function MoveForm({ category, all, onMoved, onCancel }: { category: AdminCategory; all: AdminCategory[]; onMoved: (list: AdminCategory[]) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const lang = useStore($language);
  const info = treeInfo(all);
  const inside = info.descendants(category.id);
  const [parent, setParent] = useState(category.parent_id === null ? '' : String(category.parent_id));
  const siblings = info.siblings(parent ? Number(parent) : null).filter((c) => c.id !== category.id);
  const [position, setPosition] = useState(String(siblings.length));
  const { errors, message, saving, run } = useSave((f) => f === 'parent_id' || f === 'position');

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    return run(async () => onMoved((await api.moveCategory(category.id, parent ? Number(parent) : null, Number(position))).data));
  };

  return (
    <form className="adm-form" noValidate onSubmit={(e) => void save(e)} data-testid="move-form">
      <SelectField
        label={t('categories.parent')}
        value={parent}
        onChange={(e) => {
          setParent(e.target.value);
          setPosition(String(info.siblings(e.target.value ? Number(e.target.value) : null).filter((c) => c.id !== category.id).length));
        }}
        error={errors.parent_id}
      >
        <option value="">{t('categories.topLevel')}</option>
        {all.map((c) => (
          // its own subtree is offered (so the staff member sees it) but marked; the API refuses it with its reason
          <option key={c.id} value={String(c.id)} disabled={inside.has(c.id)}>
            {'— '.repeat(info.depth(c))}
            {inLang(c.name, lang)}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('categories.position')} value={position} onChange={(e) => setPosition(e.target.value)} error={errors.position}>
        {siblings.map((s, i) => (
          <option key={s.id} value={String(i)}>
            {t('categories.before', { name: inLang(s.name, lang) })}
          </option>
        ))}
        <option value={String(siblings.length)}>{t('categories.last')}</option>
      </SelectField>
      <FormFooter error={message} submitLabel={t('categories.move')} submitting={saving} onCancel={onCancel} />
    </form>
  );
}

export default function CategoriesPage() {
  const { t } = useTranslation();
  const lang = useStore($language);
  const list = useQuery(() => api.categories(), []);
  const [dialog, setDialog] = useState<Dialogs>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const all = useMemo(() => list.data?.data ?? [], [list.data]);
  const info = treeInfo(all);

  async function shift(c: AdminCategory, by: -1 | 1) {
    const siblings = info.siblings(c.parent_id);
    const index = siblings.findIndex((s) => s.id === c.id);
    setError('');
    try {
      list.setData(await api.moveCategory(c.id, c.parent_id, index + by));
    } catch (err) {
      setError(errorText(err, t));
    }
  }

  async function remove(c: AdminCategory) {
    setBusy(true);
    setError('');
    try {
      await api.deleteCategory(c.id);
      setDialog(null);
      showToast(t('categories.deleted'), 'success');
      list.reload();
    } catch (err) {
      setError(errorText(err, t));
      setDialog(null);
    } finally {
      setBusy(false);
    }
  }

  const close = () => setDialog(null);
  return (
    <>
      <div className="adm-spread">
        <h1>{t('categories.title')}</h1>
        <Button onClick={() => setDialog({ kind: 'add' })} data-testid="category-add">
          {t('categories.add')}
        </Button>
      </div>
      <p className="adm-muted">{t('content.liveNote')}</p>
      {error ? (
        <p className="adm-error" role="alert" data-testid="categories-error">
          {error}
        </p>
      ) : null}
      <ListStates list={list} empty={t('categories.empty')} />
      {all.length > 0 ? (
        <ul className="adm-tree" data-testid="category-tree">
          {all.map((c) => {
            const siblings = info.siblings(c.parent_id);
            const index = siblings.findIndex((s) => s.id === c.id);
            const name = inLang(c.name, lang);
            return (
              <li key={c.id} style={{ paddingInlineStart: `${info.depth(c) * 20}px` }} data-testid={`category-${c.slug}`}>
                <span className="adm-tree__name">
                  {c.image_url ? <img src={c.image_url} alt="" className="adm-thumb" /> : null}
                  <span>
                    <strong>{name}</strong>
                    <br />
                    <small className="adm-muted">
                      {c.slug} · {t('categories.products', { count: c.products_count })}
                      {c.products_in_tree > c.products_count ? ` · ${t('categories.productsInTree', { count: c.products_in_tree })}` : ''}
                    </small>
                  </span>
                </span>
                <span className="adm-actions">
                  <Button variant="secondary" onClick={() => setDialog({ kind: 'edit', category: c })} aria-label={t('content.editOf', { name })}>
                    {t('content.edit')}
                  </Button>
                  <Button variant="secondary" onClick={() => setDialog({ kind: 'move', category: c })} aria-label={t('categories.moveOf', { name })}>
                    {t('categories.move')}
                  </Button>
                  <MoveButtons variant="ghost" name={name} index={index} count={siblings.length} onMove={(by) => void shift(c, by)} />
                  <Button variant="ghost" onClick={() => setDialog({ kind: 'delete', category: c })} aria-label={t('content.deleteOf', { name })}>
                    {t('content.delete')}
                  </Button>
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}

      <Dialog open={dialog?.kind === 'add' || dialog?.kind === 'edit'} title={dialog?.kind === 'edit' ? t('content.editOf', { name: inLang(dialog.category.name, lang) }) : t('categories.add')} onClose={close} closeLabel={t('common:close')}>
        {dialog?.kind === 'add' || dialog?.kind === 'edit' ? (
          <>
            <CategoryForm
              category={dialog.kind === 'edit' ? dialog.category : null}
              all={all}
              onCancel={close}
              onSaved={() => {
                close();
                showToast(t('content.saved'), 'success');
                list.reload();
              }}
            />
            {dialog.kind === 'edit' ? (
              <PictureField
                label={t('categories.picture')}
                url={dialog.category.image_url}
                onUpload={async (file) => {
                  const answer = await api.categoryPicture(dialog.category.id, file);
                  setDialog({ kind: 'edit', category: answer.category });
                  list.reload();
                  showToast(t('content.pictureSaved'), 'success');
                }}
              />
            ) : null}
          </>
        ) : null}
      </Dialog>
      <Dialog open={dialog?.kind === 'move'} title={dialog?.kind === 'move' ? t('categories.moveOf', { name: inLang(dialog.category.name, lang) }) : ''} onClose={close} closeLabel={t('common:close')}>
        {dialog?.kind === 'move' ? (
          <MoveForm
            category={dialog.category}
            all={all}
            onCancel={close}
            onMoved={(data) => {
              close();
              list.setData({ data });
            }}
          />
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={dialog?.kind === 'delete' ? t('categories.confirmDelete', { name: inLang(dialog.category.name, lang) }) : ''}
        confirmLabel={t('content.delete')}
        danger
        busy={busy}
        onClose={close}
        onConfirm={() => dialog?.kind === 'delete' && void remove(dialog.category)}
      >
        <p>{t('categories.deleteText')}</p>
      </ConfirmDialog>
    </>
  );
}
