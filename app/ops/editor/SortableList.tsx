/**
 * Lists in the form (the page's blocks, a block's entries) reordered by dragging a handle, with the mouse, a finger or
 * the keyboard (space picks up, arrows move, space drops), using @dnd-kit (ADR 077). The move-up/move-down and copy
 * buttons stay beside each entry. A drop becomes one edit of the draft (one undo step), made by the editor.
 */
import { createContext, useContext, type ReactElement } from "react";
import { useTranslation } from "react-i18next";
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
} from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { buttonId, getTemplate, getUiOptions, type ArrayFieldItemTemplateProps, type ArrayFieldTemplateProps } from "@rjsf/utils";
import type { EditorContext } from "./fields";

/** The ids of a list's entries, in order, for the entries to find their handle's id. */
const ListIds = createContext<string[]>([]);

const idOf = (element: ReactElement, index: number) => String(element.key ?? index);

export function SortableArrayTemplate(props: ArrayFieldTemplateProps) {
  const { canAdd, className, disabled, fieldPathId, uiSchema, items, onAddClick, readonly, registry, required, schema, title } = props;
  const uiOptions = getUiOptions(uiSchema);
  const Title = getTemplate("ArrayFieldTitleTemplate", registry, uiOptions);
  const { AddButton } = registry.templates.ButtonTemplates;
  const context = registry.formContext as EditorContext;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map(idOf);
  const { t } = useTranslation("opsEditor");
  const position = (id: string | number | undefined) => ({ number: ids.indexOf(String(id)) + 1 });
  const accessibility = {
    screenReaderInstructions: { draggable: t("reorder.instructions") },
    announcements: {
      onDragStart: ({ active }: DragStartEvent) => t("reorder.picked", position(active.id)),
      onDragOver: ({ over }: DragOverEvent) => (over ? t("reorder.over", position(over.id)) : undefined),
      onDragEnd: ({ over }: DragEndEvent) => (over ? t("reorder.dropped", position(over.id)) : t("reorder.cancelled")),
      onDragCancel: () => t("reorder.cancelled"),
    },
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const from = ids.indexOf(String(active.id));
    const to = over ? ids.indexOf(String(over.id)) : -1;
    if (from >= 0 && to >= 0 && from !== to) context.moveEntry?.(fieldPathId.path, from, to);
  };
  return (
    <fieldset className={className} id={fieldPathId.$id}>
      <Title fieldPathId={fieldPathId} title={uiOptions.title || title} required={required} schema={schema} uiSchema={uiSchema} registry={registry} />
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={accessibility}>
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ListIds.Provider value={ids}>
            <div className="array-item-list">{items}</div>
          </ListIds.Provider>
        </SortableContext>
      </DndContext>
      {canAdd && (
        <AddButton
          id={buttonId(fieldPathId, "add")}
          className="rjsf-array-item-add"
          onClick={onAddClick}
          disabled={disabled || readonly}
          uiSchema={uiSchema}
          registry={registry}
        />
      )}
    </fieldset>
  );
}

export function SortableItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, className, buttonsProps, hasToolbar, registry, uiSchema, index, itemKey, readonly, disabled } = props;
  const { t } = useTranslation("opsEditor");
  const ids = useContext(ListIds);
  const id = ids[index] ?? itemKey;
  const sortable = useSortable({ id, disabled: readonly || disabled || !hasToolbar || !(buttonsProps.hasMoveUp || buttonsProps.hasMoveDown) });
  const Buttons = getTemplate("ArrayFieldItemButtonsTemplate", registry, getUiOptions(uiSchema));
  const style = { transform: CSS.Transform.toString(sortable.transform), transition: sortable.transition };
  return (
    <div ref={sortable.setNodeRef} style={style} className={`${className} ops-sortable${sortable.isDragging ? " dragging" : ""}`}>
      {hasToolbar && (buttonsProps.hasMoveUp || buttonsProps.hasMoveDown) && (
        <button
          type="button"
          className="ops-drag-handle"
          aria-label={t("reorder.handle", { number: index + 1 })}
          title={t("reorder.handle", { number: index + 1 })}
          {...sortable.attributes}
          {...sortable.listeners}
        >
          <span aria-hidden="true">⠿</span>
        </button>
      )}
      <div className="ops-sortable-body">{children}</div>
      {hasToolbar && (
        <div className="array-item-toolbox">
          <div className="btn-group">
            <Buttons {...buttonsProps} />
          </div>
        </div>
      )}
    </div>
  );
}
