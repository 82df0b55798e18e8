-- widen compile: an empty table with 1 batch planned, rules <types.rules>
-- reads `batch` (a `value` column of JSON text, one line per row); writes 1 column, then `_rescued`
-- `_rescued` is the line when it is not a JSON object, or when a value of it reaches no column (a field or
-- a shape the table has no column for, a value a guarded route refuses); the row keeps what has a column
-- (Spark resolves one level of nested lambdas per analysis pass: run `SET spark.sql.analyzer.maxIterations
-- = 1000` first for a table of nested records)
-- columns the batches add: a
WITH
-- each line as a map of its fields (null: the line is not a JSON object), and whether it may hold a number
--     Spark's parser keeps only as a double
lines AS (
  SELECT
    `value` AS `__widen_line`,
    try_variant_get(try_parse_json(`value`), '$', 'map<string,variant>') AS `__widen_m`,
    (
      regexp_replace(
        regexp_replace(regexp_replace(`value`, '\\\\.', ''), '"[^"]*"', '""'), '([0-9])\\.([0-9])', '$1$2'
      ) RLIKE '[0-9][eE]|[0-9]{39}'
    ) AS `__widen_hd`
  FROM batch
),
-- each field's value, as VARIANT
fields AS (
  SELECT
    `__widen_line`,
    `__widen_m`,
    `__widen_hd`,
    named_struct('a', `__widen_m`['a']) AS `__widen_f`
  FROM lines
),
-- each value's shape (long, string[], record...), one lambda for every field
shape_codes AS (
  SELECT
    `__widen_line`,
    `__widen_m`,
    `__widen_hd`,
    `__widen_f`,
    transform(
      array(`__widen_f`['a']),
      _x1 -> element_at(
        transform(
          array(
            transform(
              flatten(
                transform(
                  array(named_struct('d', 0, 'v', _x1, 'sv', schema_of_variant(_x1))),
                  _x2 -> CASE
                    WHEN (startswith(_x2['sv'], 'ARRAY<') AND (NOT (_x2['sv'] RLIKE '^(ARRAY<)+VOID>+$'))) THEN transform(
                      filter(
                        try_variant_get(_x2['v'], '$', 'array<variant>'), _x3 -> (NOT is_variant_null(_x3))
                      ),
                      _x3 -> named_struct('d', (_x2['d'] + 1), 'v', _x3, 'sv', schema_of_variant(_x3))
                    )
                    ELSE array(_x2)
                  END
                )
              ),
              _x2 -> element_at(
                transform(
                  array(
                    CASE
                      WHEN ((NOT startswith(_x2['sv'], 'OBJECT<')) AND (NOT startswith(_x2['sv'], 'ARRAY<'))) THEN element_at(
                        transform(
                          array(
                            CASE
                              WHEN ((_x2['v'] IS NULL) OR (_x2['sv'] = 'VOID')) THEN 'null'
                              WHEN (_x2['sv'] = 'BOOLEAN') THEN 'boolean'
                              WHEN (_x2['sv'] = 'BIGINT') THEN 'integer'
                              WHEN startswith(_x2['sv'], 'DECIMAL(') THEN CASE
                                WHEN (
                                  (regexp_extract(_x2['sv'], '^DECIMAL\\(\\d+,(\\d+)\\)$', 1) = '0')
                                  AND (try_variant_get(_x2['v'], '$', 'bigint') IS NULL)
                                ) THEN 'integer'
                                ELSE 'fraction'
                              END
                              WHEN (_x2['sv'] = 'DOUBLE') THEN 'fraction'
                              WHEN (_x2['sv'] = 'STRING') THEN 'string'
                              WHEN startswith(_x2['sv'], 'ARRAY<') THEN 'array'
                              WHEN startswith(_x2['sv'], 'OBJECT<') THEN 'object'
                              ELSE 'other'
                            END
                          ),
                          _x3 -> CASE
                            WHEN (_x3 = 'boolean') THEN 0
                            WHEN (_x3 = 'integer') THEN CASE
                              WHEN (
                                (try_variant_get(_x2['v'], '$', 'bigint') IS NOT NULL)
                                AND (
                                  TRY_CAST(try_variant_get(_x2['v'], '$', 'bigint') AS decimal(38,0)) = try_variant_get(
                                    _x2['v'], '$', 'decimal(38,0)'
                                  )
                                )
                              ) THEN 1
                              WHEN (
                                (try_variant_get(_x2['v'], '$', 'decimal(38,0)') IS NOT NULL)
                                AND (
                                  TRY_CAST(try_variant_get(_x2['v'], '$', 'decimal(38,0)') AS decimal(38,0)) = try_variant_get(
                                    _x2['v'], '$', 'decimal(38,0)'
                                  )
                                )
                              ) THEN 3
                              ELSE 6
                            END
                            WHEN (_x3 = 'fraction') THEN CASE
                              WHEN (
                                (
                                  (
                                    (try_variant_get(_x2['v'], '$', 'double') IS NOT NULL)
                                    AND (NOT isnan(try_variant_get(_x2['v'], '$', 'double')))
                                  )
                                  AND (
                                    abs(try_variant_get(_x2['v'], '$', 'double')) < CAST('Infinity' AS DOUBLE)
                                  )
                                )
                                AND CASE
                                  WHEN (_x2['sv'] = 'DOUBLE') THEN TRUE
                                  ELSE (
                                    regexp_replace(
                                      regexp_replace(
                                        regexp_replace(
                                          regexp_replace(
                                            CAST(try_variant_get(_x2['v'], '$', 'double') AS string),
                                            '[eE].*$', ''
                                          ),
                                          '^-', ''
                                        ),
                                        '\\.', ''
                                      ),
                                      '^0+|0+$', ''
                                    ) = regexp_replace(
                                      regexp_replace(
                                        regexp_replace(
                                          regexp_replace(to_json(_x2['v']), '[eE].*$', ''), '^-', ''
                                        ),
                                        '\\.', ''
                                      ),
                                      '^0+|0+$', ''
                                    )
                                  )
                                END
                              ) THEN 2
                              ELSE 6
                            END
                            WHEN (_x3 = 'string') THEN CASE
                              WHEN (
                                (
                                  (
                                    try_variant_get(_x2['v'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                  )
                                  AND (NOT startswith(try_variant_get(_x2['v'], '$', 'string'), '0000'))
                                )
                                AND (
                                  try_to_date(try_variant_get(_x2['v'], '$', 'string'), 'yyyy-MM-dd') IS NOT NULL
                                )
                              ) THEN 4
                              WHEN (
                                (
                                  (
                                    try_variant_get(_x2['v'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                                  )
                                  AND (NOT startswith(try_variant_get(_x2['v'], '$', 'string'), '0000'))
                                )
                                AND (
                                  TRY_CAST(try_variant_get(_x2['v'], '$', 'string') AS timestamp) IS NOT NULL
                                )
                              ) THEN 5
                              ELSE 6
                            END
                          END
                        ),
                        1
                      )
                    END
                  ),
                  _x3 -> named_struct(
                    'd', _x2['d'], 'k',
                    CASE
                      WHEN startswith(_x2['sv'], 'OBJECT<') THEN 1
                      WHEN (_x2['sv'] RLIKE '^(ARRAY<)+VOID>+$') THEN 2
                      WHEN startswith(_x2['sv'], 'ARRAY<') THEN 3
                      ELSE 0
                    END,
                    't', _x3, 'x', 0, 'e', (size(split(_x2['sv'], 'ARRAY<')) - 1)
                  )
                ),
                1
              )
            )
          ),
          _x2 -> element_at(
            transform(
              array(
                named_struct(
                  'prim', exists(_x2, _x3 -> (_x3['k'] = 0)), 'rec', exists(_x2, _x3 -> (_x3['k'] = 1)),
                  'deep', exists(_x2, _x3 -> (_x3['k'] = 3)), 'lo',
                  array_min(transform(filter(_x2, _x3 -> (_x3['k'] <= 1)), _x3 -> _x3['d'])), 'hi',
                  array_max(transform(filter(_x2, _x3 -> (_x3['k'] <= 1)), _x3 -> _x3['d'])), 'e',
                  array_max(transform(filter(_x2, _x3 -> (_x3['k'] = 2)), _x3 -> (_x3['d'] + _x3['e']))),
                  'mask',
                  aggregate(
                    filter(_x2, _x3 -> (_x3['k'] <= 1)), 0, (_acc3, _x3) -> (_acc3 | shiftleft(1, _x3['t']))
                  ),
                  'exact',
                  aggregate(filter(_x2, _x3 -> (_x3['k'] <= 1)), 127, (_acc3, _x3) -> (_acc3 & _x3['x']))
                )
              ),
              _x3 -> CASE
                WHEN ((_x1 IS NULL) OR is_variant_null(_x1)) THEN 'null'
                WHEN (
                  (
                    NOT (
                      (_x3['rec'] AND (NOT _x3['prim']))
                      AND (
                        NOT (
                          ((_x3['prim'] AND _x3['rec']) OR (_x3['lo'] != _x3['hi']))
                          OR coalesce((_x3['e'] > _x3['hi']), FALSE)
                        )
                      )
                    )
                  )
                  AND CASE
                    WHEN `__widen_hd` THEN (schema_of_variant(_x1) RLIKE '(^|<|: )(DOUBLE|VARIANT)(>|,|$)')
                    ELSE (schema_of_variant(_x1) RLIKE '(^|<|: )DOUBLE(>|,|$)')
                  END
                ) THEN 'deep'
                WHEN ((NOT _x3['prim']) AND (NOT _x3['rec'])) THEN CASE
                  WHEN _x3['deep'] THEN 'deep'
                  ELSE 'empty'
                END
                WHEN (
                  (
                    ((_x3['prim'] AND _x3['rec']) OR (_x3['lo'] != _x3['hi']))
                    OR coalesce((_x3['e'] > _x3['hi']), FALSE)
                  )
                  OR _x3['deep']
                ) THEN element_at(
                  array('boolean', 'long', 'double', 'decimal', 'date', 'timestamp', 'string'), 7
                )
                WHEN (
                  (_x3['rec'] AND (_x3['hi'] = 0))
                  AND (size(array_remove(map_keys(try_variant_get(_x1, '$', 'map<string,variant>')), '')) = 0)
                ) THEN 'empty'
                WHEN _x3['rec'] THEN concat('record', repeat('[]', _x3['hi']))
                ELSE concat(
                  CASE
                    WHEN (_x3['hi'] = 0) THEN element_at(
                      array('boolean', 'long', 'double', 'decimal', 'date', 'timestamp', 'string'),
                      (element_at(_x2, 1)['t'] + 1)
                    )
                    ELSE 'array'
                  END,
                  repeat('[]', _x3['hi'])
                )
              END
            ),
            1
          )
        ),
        1
      )
    ) AS `__widen_sh`
  FROM fields
),
-- the shapes by field name
shapes AS (
  SELECT
    `__widen_line`,
    `__widen_m`,
    `__widen_hd`,
    `__widen_f`,
    named_struct('a', `__widen_sh`[0]) AS `__widen_s`
  FROM shape_codes
),
-- each field's value converted once to each column type that takes it, by its shape
conversions AS (
  SELECT
    `__widen_line`,
    `__widen_m`,
    `__widen_hd`,
    `__widen_f`,
    `__widen_s`
  FROM shapes
),
-- the conversions by field name
converted AS (
  SELECT
    `__widen_line`,
    `__widen_m`,
    `__widen_hd`,
    `__widen_f`,
    `__widen_s`
  FROM conversions
),
-- the table's columns: each one's routes, by the value's shape
columns AS (
  SELECT
    `__widen_line`,
    `__widen_m`,
    `__widen_hd`,
    `__widen_s`,
    -- a::record <- a as record (as is)
    --   a.b::record[][][] <- a.b as record, record[], record[][] (as is; wrapped), record[][][] (as is)
    --     a.b.c::string <- a.b.c as string (as is)
    --     a.b.x::string <- a.b.x as string (as is)
    --     a.b.y::string <- a.b.y as string (as is)
    --     a.b.z::string <- a.b.z as string (as is)
    --   a.b_record::record <- a.b as record (as is)
    --     a.b_record.c::string <- a.b_record.c as string (as is)
    --   a.b_array_record::record[] <- a.b as record[] (as is)
    --     a.b_array_record.x::string <- a.b_array_record.x as string (as is)
    --   a.b_array2_record::record[][] <- a.b as record[][] (as is)
    --     a.b_array2_record.y::string <- a.b_array2_record.y as string (as is)
    CASE
      WHEN coalesce(
        startswith(
          schema_of_variant(CASE WHEN (`__widen_s`['a'] = 'record') THEN `__widen_f`['a'] END), 'OBJECT<'
        ),
        FALSE
      ) THEN element_at(
        transform(
          array(
            try_variant_get(
              CASE WHEN (`__widen_s`['a'] = 'record') THEN `__widen_f`['a'] END, '$', 'map<string,variant>'
            )
          ),
          _x1 -> element_at(
            transform(
              array(
                transform(
                  array(_x1['b']),
                  _x2 -> element_at(
                    transform(
                      array(
                        transform(
                          flatten(
                            transform(
                              flatten(
                                transform(
                                  flatten(
                                    transform(
                                      flatten(
                                        transform(
                                          array(named_struct('d', 0, 'v', _x2, 'sv', schema_of_variant(_x2))),
                                          _x3 -> CASE
                                            WHEN (
                                              startswith(_x3['sv'], 'ARRAY<')
                                              AND (NOT (_x3['sv'] RLIKE '^(ARRAY<)+VOID>+$'))
                                            ) THEN transform(
                                              filter(
                                                try_variant_get(_x3['v'], '$', 'array<variant>'),
                                                _x4 -> (NOT is_variant_null(_x4))
                                              ),
                                              _x4 -> named_struct(
                                                'd', (_x3['d'] + 1), 'v', _x4, 'sv', schema_of_variant(_x4)
                                              )
                                            )
                                            ELSE array(_x3)
                                          END
                                        )
                                      ),
                                      _x3 -> CASE
                                        WHEN (
                                          startswith(_x3['sv'], 'ARRAY<')
                                          AND (NOT (_x3['sv'] RLIKE '^(ARRAY<)+VOID>+$'))
                                        ) THEN transform(
                                          filter(
                                            try_variant_get(_x3['v'], '$', 'array<variant>'),
                                            _x4 -> (NOT is_variant_null(_x4))
                                          ),
                                          _x4 -> named_struct(
                                            'd', (_x3['d'] + 1), 'v', _x4, 'sv', schema_of_variant(_x4)
                                          )
                                        )
                                        ELSE array(_x3)
                                      END
                                    )
                                  ),
                                  _x3 -> CASE
                                    WHEN (
                                      startswith(_x3['sv'], 'ARRAY<')
                                      AND (NOT (_x3['sv'] RLIKE '^(ARRAY<)+VOID>+$'))
                                    ) THEN transform(
                                      filter(
                                        try_variant_get(_x3['v'], '$', 'array<variant>'),
                                        _x4 -> (NOT is_variant_null(_x4))
                                      ),
                                      _x4 -> named_struct(
                                        'd', (_x3['d'] + 1), 'v', _x4, 'sv', schema_of_variant(_x4)
                                      )
                                    )
                                    ELSE array(_x3)
                                  END
                                )
                              ),
                              _x3 -> CASE
                                WHEN (
                                  startswith(_x3['sv'], 'ARRAY<')
                                  AND (NOT (_x3['sv'] RLIKE '^(ARRAY<)+VOID>+$'))
                                ) THEN transform(
                                  filter(
                                    try_variant_get(_x3['v'], '$', 'array<variant>'),
                                    _x4 -> (NOT is_variant_null(_x4))
                                  ),
                                  _x4 -> named_struct(
                                    'd', (_x3['d'] + 1), 'v', _x4, 'sv', schema_of_variant(_x4)
                                  )
                                )
                                ELSE array(_x3)
                              END
                            )
                          ),
                          _x3 -> element_at(
                            transform(
                              array(
                                CASE
                                  WHEN (
                                    (NOT startswith(_x3['sv'], 'OBJECT<'))
                                    AND (NOT startswith(_x3['sv'], 'ARRAY<'))
                                  ) THEN element_at(
                                    transform(
                                      array(
                                        CASE
                                          WHEN ((_x3['v'] IS NULL) OR (_x3['sv'] = 'VOID')) THEN 'null'
                                          WHEN (_x3['sv'] = 'BOOLEAN') THEN 'boolean'
                                          WHEN (_x3['sv'] = 'BIGINT') THEN 'integer'
                                          WHEN startswith(_x3['sv'], 'DECIMAL(') THEN CASE
                                            WHEN (
                                              (
                                                regexp_extract(_x3['sv'], '^DECIMAL\\(\\d+,(\\d+)\\)$', 1) = '0'
                                              )
                                              AND (try_variant_get(_x3['v'], '$', 'bigint') IS NULL)
                                            ) THEN 'integer'
                                            ELSE 'fraction'
                                          END
                                          WHEN (_x3['sv'] = 'DOUBLE') THEN 'fraction'
                                          WHEN (_x3['sv'] = 'STRING') THEN 'string'
                                          WHEN startswith(_x3['sv'], 'ARRAY<') THEN 'array'
                                          WHEN startswith(_x3['sv'], 'OBJECT<') THEN 'object'
                                          ELSE 'other'
                                        END
                                      ),
                                      _x4 -> CASE
                                        WHEN (_x4 = 'boolean') THEN 0
                                        WHEN (_x4 = 'integer') THEN CASE
                                          WHEN (
                                            (try_variant_get(_x3['v'], '$', 'bigint') IS NOT NULL)
                                            AND (
                                              TRY_CAST(
                                                try_variant_get(_x3['v'], '$', 'bigint') AS decimal(38,0)
                                              ) = try_variant_get(_x3['v'], '$', 'decimal(38,0)')
                                            )
                                          ) THEN 1
                                          WHEN (
                                            (try_variant_get(_x3['v'], '$', 'decimal(38,0)') IS NOT NULL)
                                            AND (
                                              TRY_CAST(
                                                try_variant_get(_x3['v'], '$', 'decimal(38,0)') AS decimal(
                                                  38, 0
                                                )
                                              ) = try_variant_get(_x3['v'], '$', 'decimal(38,0)')
                                            )
                                          ) THEN 3
                                          ELSE 6
                                        END
                                        WHEN (_x4 = 'fraction') THEN CASE
                                          WHEN (
                                            (
                                              (
                                                (try_variant_get(_x3['v'], '$', 'double') IS NOT NULL)
                                                AND (NOT isnan(try_variant_get(_x3['v'], '$', 'double')))
                                              )
                                              AND (
                                                abs(try_variant_get(_x3['v'], '$', 'double')) < CAST(
                                                  'Infinity' AS DOUBLE
                                                )
                                              )
                                            )
                                            AND CASE
                                              WHEN (_x3['sv'] = 'DOUBLE') THEN TRUE
                                              ELSE (
                                                regexp_replace(
                                                  regexp_replace(
                                                    regexp_replace(
                                                      regexp_replace(
                                                        CAST(
                                                          try_variant_get(_x3['v'], '$', 'double') AS string
                                                        ),
                                                        '[eE].*$', ''
                                                      ),
                                                      '^-', ''
                                                    ),
                                                    '\\.', ''
                                                  ),
                                                  '^0+|0+$', ''
                                                ) = regexp_replace(
                                                  regexp_replace(
                                                    regexp_replace(
                                                      regexp_replace(to_json(_x3['v']), '[eE].*$', ''), '^-',
                                                      ''
                                                    ),
                                                    '\\.', ''
                                                  ),
                                                  '^0+|0+$', ''
                                                )
                                              )
                                            END
                                          ) THEN 2
                                          ELSE 6
                                        END
                                        WHEN (_x4 = 'string') THEN CASE
                                          WHEN (
                                            (
                                              (
                                                try_variant_get(_x3['v'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                              )
                                              AND (
                                                NOT startswith(
                                                  try_variant_get(_x3['v'], '$', 'string'), '0000'
                                                )
                                              )
                                            )
                                            AND (
                                              try_to_date(
                                                try_variant_get(_x3['v'], '$', 'string'), 'yyyy-MM-dd'
                                              ) IS NOT NULL
                                            )
                                          ) THEN 4
                                          WHEN (
                                            (
                                              (
                                                try_variant_get(_x3['v'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                                              )
                                              AND (
                                                NOT startswith(
                                                  try_variant_get(_x3['v'], '$', 'string'), '0000'
                                                )
                                              )
                                            )
                                            AND (
                                              TRY_CAST(try_variant_get(_x3['v'], '$', 'string') AS timestamp) IS NOT NULL
                                            )
                                          ) THEN 5
                                          ELSE 6
                                        END
                                      END
                                    ),
                                    1
                                  )
                                END
                              ),
                              _x4 -> named_struct(
                                'd', _x3['d'], 'k',
                                CASE
                                  WHEN startswith(_x3['sv'], 'OBJECT<') THEN 1
                                  WHEN (_x3['sv'] RLIKE '^(ARRAY<)+VOID>+$') THEN 2
                                  WHEN startswith(_x3['sv'], 'ARRAY<') THEN 3
                                  ELSE 0
                                END,
                                't', _x4, 'x', 0, 'e', (size(split(_x3['sv'], 'ARRAY<')) - 1)
                              )
                            ),
                            1
                          )
                        )
                      ),
                      _x3 -> element_at(
                        transform(
                          array(
                            named_struct(
                              'prim', exists(_x3, _x4 -> (_x4['k'] = 0)), 'rec',
                              exists(_x3, _x4 -> (_x4['k'] = 1)), 'deep', exists(_x3, _x4 -> (_x4['k'] = 3)),
                              'lo',
                              array_min(transform(filter(_x3, _x4 -> (_x4['k'] <= 1)), _x4 -> _x4['d'])),
                              'hi',
                              array_max(transform(filter(_x3, _x4 -> (_x4['k'] <= 1)), _x4 -> _x4['d'])), 'e',
                              array_max(
                                transform(filter(_x3, _x4 -> (_x4['k'] = 2)), _x4 -> (_x4['d'] + _x4['e']))
                              ),
                              'mask',
                              aggregate(
                                filter(_x3, _x4 -> (_x4['k'] <= 1)), 0,
                                (_acc4, _x4) -> (_acc4 | shiftleft(1, _x4['t']))
                              ),
                              'exact',
                              aggregate(
                                filter(_x3, _x4 -> (_x4['k'] <= 1)), 127, (_acc4, _x4) -> (_acc4 & _x4['x'])
                              )
                            )
                          ),
                          _x4 -> CASE
                            WHEN ((_x2 IS NULL) OR is_variant_null(_x2)) THEN 'null'
                            WHEN (
                              (
                                NOT (
                                  (_x4['rec'] AND (NOT _x4['prim']))
                                  AND (
                                    NOT (
                                      ((_x4['prim'] AND _x4['rec']) OR (_x4['lo'] != _x4['hi']))
                                      OR coalesce((_x4['e'] > _x4['hi']), FALSE)
                                    )
                                  )
                                )
                              )
                              AND CASE
                                WHEN `__widen_hd` THEN (
                                  schema_of_variant(_x2) RLIKE '(^|<|: )(DOUBLE|VARIANT)(>|,|$)'
                                )
                                ELSE (schema_of_variant(_x2) RLIKE '(^|<|: )DOUBLE(>|,|$)')
                              END
                            ) THEN 'deep'
                            WHEN ((NOT _x4['prim']) AND (NOT _x4['rec'])) THEN CASE
                              WHEN _x4['deep'] THEN 'deep'
                              ELSE 'empty'
                            END
                            WHEN (
                              (
                                ((_x4['prim'] AND _x4['rec']) OR (_x4['lo'] != _x4['hi']))
                                OR coalesce((_x4['e'] > _x4['hi']), FALSE)
                              )
                              OR _x4['deep']
                            ) THEN element_at(
                              array('boolean', 'long', 'double', 'decimal', 'date', 'timestamp', 'string'), 7
                            )
                            WHEN (
                              (_x4['rec'] AND (_x4['hi'] = 0))
                              AND (
                                size(
                                  array_remove(map_keys(try_variant_get(_x2, '$', 'map<string,variant>')), '')
                                ) = 0
                              )
                            ) THEN 'empty'
                            WHEN _x4['rec'] THEN concat('record', repeat('[]', _x4['hi']))
                            ELSE concat(
                              CASE
                                WHEN (_x4['hi'] = 0) THEN element_at(
                                  array('boolean', 'long', 'double', 'decimal', 'date', 'timestamp', 'string'),
                                  (element_at(_x3, 1)['t'] + 1)
                                )
                                ELSE 'array'
                              END,
                              repeat('[]', _x4['hi'])
                            )
                          END
                        ),
                        1
                      )
                    ),
                    1
                  )
                )
              ),
              _x2 -> element_at(
                transform(
                  array(
                    named_struct(
                      'b',
                      transform(
                        CASE
                          WHEN (_x2[0] = 'record') THEN array(array(array(_x1['b'])))
                          WHEN (_x2[0] = 'record[]') THEN array(
                            array(try_variant_get(_x1['b'], '$', 'array<variant>'))
                          )
                          WHEN (_x2[0] = 'record[][]') THEN array(
                            try_variant_get(_x1['b'], '$', 'array<array<variant>>')
                          )
                          WHEN (_x2[0] = 'record[][][]') THEN try_variant_get(
                            _x1['b'], '$', 'array<array<array<variant>>>'
                          )
                        END,
                        _x3 -> transform(
                          _x3,
                          _x4 -> transform(
                            _x4,
                            _x5 -> CASE
                              WHEN coalesce(startswith(schema_of_variant(_x5), 'OBJECT<'), FALSE) THEN element_at(
                                transform(
                                  array(try_variant_get(_x5, '$', 'map<string,variant>')),
                                  _x6 -> element_at(
                                    transform(
                                      array(
                                        transform(
                                          array(_x6['c'], _x6['x'], _x6['y'], _x6['z']),
                                          _x7 -> element_at(
                                            transform(
                                              array(
                                                transform(
                                                  flatten(
                                                    transform(
                                                      array(
                                                        named_struct(
                                                          'd', 0, 'v', _x7, 'sv', schema_of_variant(_x7)
                                                        )
                                                      ),
                                                      _x8 -> CASE
                                                        WHEN (
                                                          startswith(_x8['sv'], 'ARRAY<')
                                                          AND (NOT (_x8['sv'] RLIKE '^(ARRAY<)+VOID>+$'))
                                                        ) THEN transform(
                                                          filter(
                                                            try_variant_get(_x8['v'], '$', 'array<variant>'),
                                                            _x9 -> (NOT is_variant_null(_x9))
                                                          ),
                                                          _x9 -> named_struct(
                                                            'd', (_x8['d'] + 1), 'v', _x9, 'sv',
                                                            schema_of_variant(_x9)
                                                          )
                                                        )
                                                        ELSE array(_x8)
                                                      END
                                                    )
                                                  ),
                                                  _x8 -> element_at(
                                                    transform(
                                                      array(
                                                        CASE
                                                          WHEN (
                                                            (NOT startswith(_x8['sv'], 'OBJECT<'))
                                                            AND (NOT startswith(_x8['sv'], 'ARRAY<'))
                                                          ) THEN element_at(
                                                            transform(
                                                              array(
                                                                CASE
                                                                  WHEN (
                                                                    (_x8['v'] IS NULL) OR (_x8['sv'] = 'VOID')
                                                                  ) THEN 'null'
                                                                  WHEN (_x8['sv'] = 'BOOLEAN') THEN 'boolean'
                                                                  WHEN (_x8['sv'] = 'BIGINT') THEN 'integer'
                                                                  WHEN startswith(_x8['sv'], 'DECIMAL(') THEN CASE
                                                                    WHEN (
                                                                      (
                                                                        regexp_extract(
                                                                          _x8['sv'],
                                                                          '^DECIMAL\\(\\d+,(\\d+)\\)$', 1
                                                                        ) = '0'
                                                                      )
                                                                      AND (
                                                                        try_variant_get(
                                                                          _x8['v'], '$', 'bigint'
                                                                        ) IS NULL
                                                                      )
                                                                    ) THEN 'integer'
                                                                    ELSE 'fraction'
                                                                  END
                                                                  WHEN (_x8['sv'] = 'DOUBLE') THEN 'fraction'
                                                                  WHEN (_x8['sv'] = 'STRING') THEN 'string'
                                                                  WHEN startswith(_x8['sv'], 'ARRAY<') THEN 'array'
                                                                  WHEN startswith(_x8['sv'], 'OBJECT<') THEN 'object'
                                                                  ELSE 'other'
                                                                END
                                                              ),
                                                              _x9 -> CASE
                                                                WHEN (_x9 = 'boolean') THEN 0
                                                                WHEN (_x9 = 'integer') THEN CASE
                                                                  WHEN (
                                                                    (
                                                                      try_variant_get(_x8['v'], '$', 'bigint') IS NOT NULL
                                                                    )
                                                                    AND (
                                                                      TRY_CAST(
                                                                        try_variant_get(
                                                                          _x8['v'], '$', 'bigint'
                                                                        ) AS decimal(38,0)
                                                                      ) = try_variant_get(
                                                                        _x8['v'], '$', 'decimal(38,0)'
                                                                      )
                                                                    )
                                                                  ) THEN 1
                                                                  WHEN (
                                                                    (
                                                                      try_variant_get(
                                                                        _x8['v'], '$', 'decimal(38,0)'
                                                                      ) IS NOT NULL
                                                                    )
                                                                    AND (
                                                                      TRY_CAST(
                                                                        try_variant_get(
                                                                          _x8['v'], '$', 'decimal(38,0)'
                                                                        ) AS decimal(38,0)
                                                                      ) = try_variant_get(
                                                                        _x8['v'], '$', 'decimal(38,0)'
                                                                      )
                                                                    )
                                                                  ) THEN 3
                                                                  ELSE 6
                                                                END
                                                                WHEN (_x9 = 'fraction') THEN CASE
                                                                  WHEN (
                                                                    (
                                                                      (
                                                                        (
                                                                          try_variant_get(
                                                                            _x8['v'], '$', 'double'
                                                                          ) IS NOT NULL
                                                                        )
                                                                        AND (
                                                                          NOT isnan(
                                                                            try_variant_get(
                                                                              _x8['v'], '$', 'double'
                                                                            )
                                                                          )
                                                                        )
                                                                      )
                                                                      AND (
                                                                        abs(
                                                                          try_variant_get(
                                                                            _x8['v'], '$', 'double'
                                                                          )
                                                                        ) < CAST('Infinity' AS DOUBLE)
                                                                      )
                                                                    )
                                                                    AND CASE
                                                                      WHEN (_x8['sv'] = 'DOUBLE') THEN TRUE
                                                                      ELSE (
                                                                        regexp_replace(
                                                                          regexp_replace(
                                                                            regexp_replace(
                                                                              regexp_replace(
                                                                                CAST(
                                                                                  try_variant_get(
                                                                                    _x8['v'], '$', 'double'
                                                                                  ) AS string
                                                                                ),
                                                                                '[eE].*$', ''
                                                                              ),
                                                                              '^-', ''
                                                                            ),
                                                                            '\\.', ''
                                                                          ),
                                                                          '^0+|0+$', ''
                                                                        ) = regexp_replace(
                                                                          regexp_replace(
                                                                            regexp_replace(
                                                                              regexp_replace(
                                                                                to_json(_x8['v']), '[eE].*$',
                                                                                ''
                                                                              ),
                                                                              '^-', ''
                                                                            ),
                                                                            '\\.', ''
                                                                          ),
                                                                          '^0+|0+$', ''
                                                                        )
                                                                      )
                                                                    END
                                                                  ) THEN 2
                                                                  ELSE 6
                                                                END
                                                                WHEN (_x9 = 'string') THEN CASE
                                                                  WHEN (
                                                                    (
                                                                      (
                                                                        try_variant_get(
                                                                          _x8['v'], '$', 'string'
                                                                        ) RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                                                      )
                                                                      AND (
                                                                        NOT startswith(
                                                                          try_variant_get(
                                                                            _x8['v'], '$', 'string'
                                                                          ),
                                                                          '0000'
                                                                        )
                                                                      )
                                                                    )
                                                                    AND (
                                                                      try_to_date(
                                                                        try_variant_get(
                                                                          _x8['v'], '$', 'string'
                                                                        ),
                                                                        'yyyy-MM-dd'
                                                                      ) IS NOT NULL
                                                                    )
                                                                  ) THEN 4
                                                                  WHEN (
                                                                    (
                                                                      (
                                                                        try_variant_get(
                                                                          _x8['v'], '$', 'string'
                                                                        ) RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                                                                      )
                                                                      AND (
                                                                        NOT startswith(
                                                                          try_variant_get(
                                                                            _x8['v'], '$', 'string'
                                                                          ),
                                                                          '0000'
                                                                        )
                                                                      )
                                                                    )
                                                                    AND (
                                                                      TRY_CAST(
                                                                        try_variant_get(
                                                                          _x8['v'], '$', 'string'
                                                                        ) AS timestamp
                                                                      ) IS NOT NULL
                                                                    )
                                                                  ) THEN 5
                                                                  ELSE 6
                                                                END
                                                              END
                                                            ),
                                                            1
                                                          )
                                                        END
                                                      ),
                                                      _x9 -> named_struct(
                                                        'd', _x8['d'], 'k',
                                                        CASE
                                                          WHEN startswith(_x8['sv'], 'OBJECT<') THEN 1
                                                          WHEN (_x8['sv'] RLIKE '^(ARRAY<)+VOID>+$') THEN 2
                                                          WHEN startswith(_x8['sv'], 'ARRAY<') THEN 3
                                                          ELSE 0
                                                        END,
                                                        't', _x9, 'x', 0, 'e',
                                                        (size(split(_x8['sv'], 'ARRAY<')) - 1)
                                                      )
                                                    ),
                                                    1
                                                  )
                                                )
                                              ),
                                              _x8 -> element_at(
                                                transform(
                                                  array(
                                                    named_struct(
                                                      'prim', exists(_x8, _x9 -> (_x9['k'] = 0)), 'rec',
                                                      exists(_x8, _x9 -> (_x9['k'] = 1)), 'deep',
                                                      exists(_x8, _x9 -> (_x9['k'] = 3)), 'lo',
                                                      array_min(
                                                        transform(
                                                          filter(_x8, _x9 -> (_x9['k'] <= 1)), _x9 -> _x9['d']
                                                        )
                                                      ),
                                                      'hi',
                                                      array_max(
                                                        transform(
                                                          filter(_x8, _x9 -> (_x9['k'] <= 1)), _x9 -> _x9['d']
                                                        )
                                                      ),
                                                      'e',
                                                      array_max(
                                                        transform(
                                                          filter(_x8, _x9 -> (_x9['k'] = 2)),
                                                          _x9 -> (_x9['d'] + _x9['e'])
                                                        )
                                                      ),
                                                      'mask',
                                                      aggregate(
                                                        filter(_x8, _x9 -> (_x9['k'] <= 1)), 0,
                                                        (_acc9, _x9) -> (_acc9 | shiftleft(1, _x9['t']))
                                                      ),
                                                      'exact',
                                                      aggregate(
                                                        filter(_x8, _x9 -> (_x9['k'] <= 1)), 127,
                                                        (_acc9, _x9) -> (_acc9 & _x9['x'])
                                                      )
                                                    )
                                                  ),
                                                  _x9 -> CASE
                                                    WHEN ((_x7 IS NULL) OR is_variant_null(_x7)) THEN 'null'
                                                    WHEN (
                                                      (
                                                        NOT (
                                                          (_x9['rec'] AND (NOT _x9['prim']))
                                                          AND (
                                                            NOT (
                                                              (
                                                                (_x9['prim'] AND _x9['rec'])
                                                                OR (_x9['lo'] != _x9['hi'])
                                                              )
                                                              OR coalesce((_x9['e'] > _x9['hi']), FALSE)
                                                            )
                                                          )
                                                        )
                                                      )
                                                      AND CASE
                                                        WHEN `__widen_hd` THEN (
                                                          schema_of_variant(_x7) RLIKE '(^|<|: )(DOUBLE|VARIANT)(>|,|$)'
                                                        )
                                                        ELSE (
                                                          schema_of_variant(_x7) RLIKE '(^|<|: )DOUBLE(>|,|$)'
                                                        )
                                                      END
                                                    ) THEN 'deep'
                                                    WHEN ((NOT _x9['prim']) AND (NOT _x9['rec'])) THEN CASE
                                                      WHEN _x9['deep'] THEN 'deep'
                                                      ELSE 'empty'
                                                    END
                                                    WHEN (
                                                      (
                                                        (
                                                          (_x9['prim'] AND _x9['rec'])
                                                          OR (_x9['lo'] != _x9['hi'])
                                                        )
                                                        OR coalesce((_x9['e'] > _x9['hi']), FALSE)
                                                      )
                                                      OR _x9['deep']
                                                    ) THEN element_at(
                                                      array(
                                                        'boolean', 'long', 'double', 'decimal', 'date',
                                                        'timestamp', 'string'
                                                      ),
                                                      7
                                                    )
                                                    WHEN (
                                                      (_x9['rec'] AND (_x9['hi'] = 0))
                                                      AND (
                                                        size(
                                                          array_remove(
                                                            map_keys(
                                                              try_variant_get(_x7, '$', 'map<string,variant>')
                                                            ),
                                                            ''
                                                          )
                                                        ) = 0
                                                      )
                                                    ) THEN 'empty'
                                                    WHEN _x9['rec'] THEN concat(
                                                      'record', repeat('[]', _x9['hi'])
                                                    )
                                                    ELSE concat(
                                                      CASE
                                                        WHEN (_x9['hi'] = 0) THEN element_at(
                                                          array(
                                                            'boolean', 'long', 'double', 'decimal', 'date',
                                                            'timestamp', 'string'
                                                          ),
                                                          (element_at(_x8, 1)['t'] + 1)
                                                        )
                                                        ELSE 'array'
                                                      END,
                                                      repeat('[]', _x9['hi'])
                                                    )
                                                  END
                                                ),
                                                1
                                              )
                                            ),
                                            1
                                          )
                                        )
                                      ),
                                      _x7 -> element_at(
                                        transform(
                                          array(
                                            named_struct(
                                              'as_string',
                                              transform(
                                                array(
                                                  named_struct('v', _x6['c'], 's', _x7[0]),
                                                  named_struct('v', _x6['x'], 's', _x7[1]),
                                                  named_struct('v', _x6['y'], 's', _x7[2]),
                                                  named_struct('v', _x6['z'], 's', _x7[3])
                                                ),
                                                _x8 -> CASE
                                                  WHEN (_x8['s'] = 'boolean') THEN CAST(
                                                    try_variant_get(_x8['v'], '$', 'boolean') AS string
                                                  )
                                                  WHEN (_x8['s'] = 'long') THEN CAST(
                                                    try_variant_get(_x8['v'], '$', 'bigint') AS string
                                                  )
                                                  WHEN (_x8['s'] = 'double') THEN element_at(
                                                    transform(
                                                      array(
                                                        (
                                                          try_variant_get(_x8['v'], '$', 'double') + CAST(
                                                            0.0D AS double
                                                          )
                                                        )
                                                      ),
                                                      _x9 -> CASE
                                                        WHEN isnan(_x9) THEN 'NaN'
                                                        WHEN (_x9 = CAST('Infinity' AS DOUBLE)) THEN 'Infinity'
                                                        WHEN (_x9 = CAST('-Infinity' AS DOUBLE)) THEN '-Infinity'
                                                        ELSE element_at(
                                                          transform(
                                                            array(
                                                              CASE
                                                                WHEN (
                                                                  TRY_CAST(
                                                                    format_string('%.0e', _x9) AS double
                                                                  ) = _x9
                                                                ) THEN format_string('%.0e', _x9)
                                                                WHEN (
                                                                  TRY_CAST(
                                                                    format_string('%.1e', _x9) AS double
                                                                  ) = _x9
                                                                ) THEN format_string('%.1e', _x9)
                                                                WHEN (
                                                                  TRY_CAST(
                                                                    format_string('%.2e', _x9) AS double
                                                                  ) = _x9
                                                                ) THEN format_string('%.2e', _x9)
                                                                WHEN (
                                                                  TRY_CAST(
                                                                    format_string('%.3e', _x9) AS double
                                                                  ) = _x9
                                                                ) THEN format_string('%.3e', _x9)
                                                                WHEN (
                                                                  TRY_CAST(
                                                                    format_string('%.4e', _x9) AS double
                                                                  ) = _x9
                                                                ) THEN format_string('%.4e', _x9)
                                                                WHEN (
                                                                  TRY_CAST(
                                                                    format_string('%.5e', _x9) AS double
                                                                  ) = _x9
                                                                ) THEN format_string('%.5e', _x9)
                                                                WHEN (
                                                                  TRY_CAST(
                                                                    format_string('%.6e', _x9) AS double
                                                                  ) = _x9
                                                                ) THEN format_string('%.6e', _x9)
                                                                WHEN (
                                                                  TRY_CAST(
                                                                    format_string('%.7e', _x9) AS double
                                                                  ) = _x9
                                                                ) THEN format_string('%.7e', _x9)
                                                                WHEN (
                                                                  TRY_CAST(
                                                                    format_string('%.8e', _x9) AS double
                                                                  ) = _x9
                                                                ) THEN format_string('%.8e', _x9)
                                                                WHEN (
                                                                  TRY_CAST(
                                                                    format_string('%.9e', _x9) AS double
                                                                  ) = _x9
                                                                ) THEN format_string('%.9e', _x9)
                                                                WHEN (
                                                                  TRY_CAST(
                                                                    format_string('%.10e', _x9) AS double
                                                                  ) = _x9
                                                                ) THEN format_string('%.10e', _x9)
                                                                WHEN (
                                                                  TRY_CAST(
                                                                    format_string('%.11e', _x9) AS double
                                                                  ) = _x9
                                                                ) THEN format_string('%.11e', _x9)
                                                                WHEN (
                                                                  TRY_CAST(
                                                                    format_string('%.12e', _x9) AS double
                                                                  ) = _x9
                                                                ) THEN format_string('%.12e', _x9)
                                                                WHEN (
                                                                  TRY_CAST(
                                                                    format_string('%.13e', _x9) AS double
                                                                  ) = _x9
                                                                ) THEN format_string('%.13e', _x9)
                                                                WHEN (
                                                                  TRY_CAST(
                                                                    format_string('%.14e', _x9) AS double
                                                                  ) = _x9
                                                                ) THEN format_string('%.14e', _x9)
                                                                WHEN (
                                                                  TRY_CAST(
                                                                    format_string('%.15e', _x9) AS double
                                                                  ) = _x9
                                                                ) THEN format_string('%.15e', _x9)
                                                                WHEN (
                                                                  TRY_CAST(
                                                                    format_string('%.16e', _x9) AS double
                                                                  ) = _x9
                                                                ) THEN format_string('%.16e', _x9)
                                                                ELSE format_string('%.16e', _x9)
                                                              END
                                                            ),
                                                            _x10 -> CASE
                                                              WHEN (_x9 IS NULL) THEN NULL
                                                              WHEN (_x9 = 0) THEN CASE
                                                                WHEN startswith(format_string('%s', _x9), '-') THEN '-0.0'
                                                                ELSE '0.0'
                                                              END
                                                              ELSE concat(
                                                                CASE
                                                                  WHEN startswith(_x10, '-') THEN '-'
                                                                  ELSE ''
                                                                END,
                                                                CASE
                                                                  WHEN (
                                                                    (abs(_x9) >= 0.001D)
                                                                    AND (abs(_x9) < 10000000.0D)
                                                                  ) THEN CASE
                                                                    WHEN (
                                                                      (
                                                                        CAST(
                                                                          regexp_extract(
                                                                            regexp_replace(_x10, '^-', ''),
                                                                            'e([+-][0-9]+)$', 1
                                                                          ) AS int
                                                                        ) + 1
                                                                      ) <= 0
                                                                    ) THEN concat(
                                                                      '0.',
                                                                      repeat(
                                                                        '0',
                                                                        (
                                                                          - (
                                                                            CAST(
                                                                              regexp_extract(
                                                                                regexp_replace(_x10, '^-', ''),
                                                                                'e([+-][0-9]+)$', 1
                                                                              ) AS int
                                                                            ) + 1
                                                                          )
                                                                        )
                                                                      ),
                                                                      CASE
                                                                        WHEN (
                                                                          regexp_replace(
                                                                            regexp_replace(
                                                                              regexp_extract(
                                                                                regexp_replace(_x10, '^-', ''),
                                                                                '^([0-9.]+)e', 1
                                                                              ),
                                                                              '\\.', ''
                                                                            ),
                                                                            '0+$', ''
                                                                          ) = ''
                                                                        ) THEN '0'
                                                                        ELSE regexp_replace(
                                                                          regexp_replace(
                                                                            regexp_extract(
                                                                              regexp_replace(_x10, '^-', ''),
                                                                              '^([0-9.]+)e', 1
                                                                            ),
                                                                            '\\.', ''
                                                                          ),
                                                                          '0+$', ''
                                                                        )
                                                                      END
                                                                    )
                                                                    WHEN (
                                                                      (
                                                                        CAST(
                                                                          regexp_extract(
                                                                            regexp_replace(_x10, '^-', ''),
                                                                            'e([+-][0-9]+)$', 1
                                                                          ) AS int
                                                                        ) + 1
                                                                      ) >= length(
                                                                        CASE
                                                                          WHEN (
                                                                            regexp_replace(
                                                                              regexp_replace(
                                                                                regexp_extract(
                                                                                  regexp_replace(
                                                                                    _x10, '^-', ''
                                                                                  ),
                                                                                  '^([0-9.]+)e', 1
                                                                                ),
                                                                                '\\.', ''
                                                                              ),
                                                                              '0+$', ''
                                                                            ) = ''
                                                                          ) THEN '0'
                                                                          ELSE regexp_replace(
                                                                            regexp_replace(
                                                                              regexp_extract(
                                                                                regexp_replace(_x10, '^-', ''),
                                                                                '^([0-9.]+)e', 1
                                                                              ),
                                                                              '\\.', ''
                                                                            ),
                                                                            '0+$', ''
                                                                          )
                                                                        END
                                                                      )
                                                                    ) THEN concat(
                                                                      CASE
                                                                        WHEN (
                                                                          regexp_replace(
                                                                            regexp_replace(
                                                                              regexp_extract(
                                                                                regexp_replace(_x10, '^-', ''),
                                                                                '^([0-9.]+)e', 1
                                                                              ),
                                                                              '\\.', ''
                                                                            ),
                                                                            '0+$', ''
                                                                          ) = ''
                                                                        ) THEN '0'
                                                                        ELSE regexp_replace(
                                                                          regexp_replace(
                                                                            regexp_extract(
                                                                              regexp_replace(_x10, '^-', ''),
                                                                              '^([0-9.]+)e', 1
                                                                            ),
                                                                            '\\.', ''
                                                                          ),
                                                                          '0+$', ''
                                                                        )
                                                                      END,
                                                                      repeat(
                                                                        '0',
                                                                        (
                                                                          (
                                                                            CAST(
                                                                              regexp_extract(
                                                                                regexp_replace(_x10, '^-', ''),
                                                                                'e([+-][0-9]+)$', 1
                                                                              ) AS int
                                                                            ) + 1
                                                                          ) - length(
                                                                            CASE
                                                                              WHEN (
                                                                                regexp_replace(
                                                                                  regexp_replace(
                                                                                    regexp_extract(
                                                                                      regexp_replace(
                                                                                        _x10, '^-', ''
                                                                                      ),
                                                                                      '^([0-9.]+)e', 1
                                                                                    ),
                                                                                    '\\.', ''
                                                                                  ),
                                                                                  '0+$', ''
                                                                                ) = ''
                                                                              ) THEN '0'
                                                                              ELSE regexp_replace(
                                                                                regexp_replace(
                                                                                  regexp_extract(
                                                                                    regexp_replace(
                                                                                      _x10, '^-', ''
                                                                                    ),
                                                                                    '^([0-9.]+)e', 1
                                                                                  ),
                                                                                  '\\.', ''
                                                                                ),
                                                                                '0+$', ''
                                                                              )
                                                                            END
                                                                          )
                                                                        )
                                                                      ),
                                                                      '.0'
                                                                    )
                                                                    ELSE concat(
                                                                      substr(
                                                                        CASE
                                                                          WHEN (
                                                                            regexp_replace(
                                                                              regexp_replace(
                                                                                regexp_extract(
                                                                                  regexp_replace(
                                                                                    _x10, '^-', ''
                                                                                  ),
                                                                                  '^([0-9.]+)e', 1
                                                                                ),
                                                                                '\\.', ''
                                                                              ),
                                                                              '0+$', ''
                                                                            ) = ''
                                                                          ) THEN '0'
                                                                          ELSE regexp_replace(
                                                                            regexp_replace(
                                                                              regexp_extract(
                                                                                regexp_replace(_x10, '^-', ''),
                                                                                '^([0-9.]+)e', 1
                                                                              ),
                                                                              '\\.', ''
                                                                            ),
                                                                            '0+$', ''
                                                                          )
                                                                        END,
                                                                        1,
                                                                        (
                                                                          CAST(
                                                                            regexp_extract(
                                                                              regexp_replace(_x10, '^-', ''),
                                                                              'e([+-][0-9]+)$', 1
                                                                            ) AS int
                                                                          ) + 1
                                                                        )
                                                                      ),
                                                                      '.',
                                                                      substr(
                                                                        CASE
                                                                          WHEN (
                                                                            regexp_replace(
                                                                              regexp_replace(
                                                                                regexp_extract(
                                                                                  regexp_replace(
                                                                                    _x10, '^-', ''
                                                                                  ),
                                                                                  '^([0-9.]+)e', 1
                                                                                ),
                                                                                '\\.', ''
                                                                              ),
                                                                              '0+$', ''
                                                                            ) = ''
                                                                          ) THEN '0'
                                                                          ELSE regexp_replace(
                                                                            regexp_replace(
                                                                              regexp_extract(
                                                                                regexp_replace(_x10, '^-', ''),
                                                                                '^([0-9.]+)e', 1
                                                                              ),
                                                                              '\\.', ''
                                                                            ),
                                                                            '0+$', ''
                                                                          )
                                                                        END,
                                                                        (
                                                                          (
                                                                            CAST(
                                                                              regexp_extract(
                                                                                regexp_replace(_x10, '^-', ''),
                                                                                'e([+-][0-9]+)$', 1
                                                                              ) AS int
                                                                            ) + 1
                                                                          ) + 1
                                                                        ),
                                                                        (
                                                                          length(
                                                                            CASE
                                                                              WHEN (
                                                                                regexp_replace(
                                                                                  regexp_replace(
                                                                                    regexp_extract(
                                                                                      regexp_replace(
                                                                                        _x10, '^-', ''
                                                                                      ),
                                                                                      '^([0-9.]+)e', 1
                                                                                    ),
                                                                                    '\\.', ''
                                                                                  ),
                                                                                  '0+$', ''
                                                                                ) = ''
                                                                              ) THEN '0'
                                                                              ELSE regexp_replace(
                                                                                regexp_replace(
                                                                                  regexp_extract(
                                                                                    regexp_replace(
                                                                                      _x10, '^-', ''
                                                                                    ),
                                                                                    '^([0-9.]+)e', 1
                                                                                  ),
                                                                                  '\\.', ''
                                                                                ),
                                                                                '0+$', ''
                                                                              )
                                                                            END
                                                                          ) - (
                                                                            CAST(
                                                                              regexp_extract(
                                                                                regexp_replace(_x10, '^-', ''),
                                                                                'e([+-][0-9]+)$', 1
                                                                              ) AS int
                                                                            ) + 1
                                                                          )
                                                                        )
                                                                      )
                                                                    )
                                                                  END
                                                                  ELSE concat(
                                                                    substr(
                                                                      CASE
                                                                        WHEN (
                                                                          regexp_replace(
                                                                            regexp_replace(
                                                                              regexp_extract(
                                                                                regexp_replace(_x10, '^-', ''),
                                                                                '^([0-9.]+)e', 1
                                                                              ),
                                                                              '\\.', ''
                                                                            ),
                                                                            '0+$', ''
                                                                          ) = ''
                                                                        ) THEN '0'
                                                                        ELSE regexp_replace(
                                                                          regexp_replace(
                                                                            regexp_extract(
                                                                              regexp_replace(_x10, '^-', ''),
                                                                              '^([0-9.]+)e', 1
                                                                            ),
                                                                            '\\.', ''
                                                                          ),
                                                                          '0+$', ''
                                                                        )
                                                                      END,
                                                                      1, 1
                                                                    ),
                                                                    '.',
                                                                    CASE
                                                                      WHEN (
                                                                        length(
                                                                          CASE
                                                                            WHEN (
                                                                              regexp_replace(
                                                                                regexp_replace(
                                                                                  regexp_extract(
                                                                                    regexp_replace(
                                                                                      _x10, '^-', ''
                                                                                    ),
                                                                                    '^([0-9.]+)e', 1
                                                                                  ),
                                                                                  '\\.', ''
                                                                                ),
                                                                                '0+$', ''
                                                                              ) = ''
                                                                            ) THEN '0'
                                                                            ELSE regexp_replace(
                                                                              regexp_replace(
                                                                                regexp_extract(
                                                                                  regexp_replace(
                                                                                    _x10, '^-', ''
                                                                                  ),
                                                                                  '^([0-9.]+)e', 1
                                                                                ),
                                                                                '\\.', ''
                                                                              ),
                                                                              '0+$', ''
                                                                            )
                                                                          END
                                                                        ) > 1
                                                                      ) THEN substr(
                                                                        CASE
                                                                          WHEN (
                                                                            regexp_replace(
                                                                              regexp_replace(
                                                                                regexp_extract(
                                                                                  regexp_replace(
                                                                                    _x10, '^-', ''
                                                                                  ),
                                                                                  '^([0-9.]+)e', 1
                                                                                ),
                                                                                '\\.', ''
                                                                              ),
                                                                              '0+$', ''
                                                                            ) = ''
                                                                          ) THEN '0'
                                                                          ELSE regexp_replace(
                                                                            regexp_replace(
                                                                              regexp_extract(
                                                                                regexp_replace(_x10, '^-', ''),
                                                                                '^([0-9.]+)e', 1
                                                                              ),
                                                                              '\\.', ''
                                                                            ),
                                                                            '0+$', ''
                                                                          )
                                                                        END,
                                                                        2,
                                                                        length(
                                                                          CASE
                                                                            WHEN (
                                                                              regexp_replace(
                                                                                regexp_replace(
                                                                                  regexp_extract(
                                                                                    regexp_replace(
                                                                                      _x10, '^-', ''
                                                                                    ),
                                                                                    '^([0-9.]+)e', 1
                                                                                  ),
                                                                                  '\\.', ''
                                                                                ),
                                                                                '0+$', ''
                                                                              ) = ''
                                                                            ) THEN '0'
                                                                            ELSE regexp_replace(
                                                                              regexp_replace(
                                                                                regexp_extract(
                                                                                  regexp_replace(
                                                                                    _x10, '^-', ''
                                                                                  ),
                                                                                  '^([0-9.]+)e', 1
                                                                                ),
                                                                                '\\.', ''
                                                                              ),
                                                                              '0+$', ''
                                                                            )
                                                                          END
                                                                        )
                                                                      )
                                                                      ELSE '0'
                                                                    END,
                                                                    'E',
                                                                    CAST(
                                                                      CAST(
                                                                        regexp_extract(
                                                                          regexp_replace(_x10, '^-', ''),
                                                                          'e([+-][0-9]+)$', 1
                                                                        ) AS int
                                                                      ) AS string
                                                                    )
                                                                  )
                                                                END
                                                              )
                                                            END
                                                          ),
                                                          1
                                                        )
                                                      END
                                                    ),
                                                    1
                                                  )
                                                  WHEN (_x8['s'] = 'decimal') THEN CASE
                                                    WHEN (
                                                      try_variant_get(_x8['v'], '$', 'decimal(38,0)') IS NOT NULL
                                                    ) THEN to_json(_x8['v'])
                                                  END
                                                  WHEN (_x8['s'] = 'date') THEN date_format(
                                                    try_to_date(
                                                      try_variant_get(_x8['v'], '$', 'string'), 'yyyy-MM-dd'
                                                    ),
                                                    'yyyy-MM-dd'
                                                  )
                                                  WHEN (_x8['s'] = 'timestamp') THEN element_at(
                                                    transform(
                                                      array(
                                                        TRY_CAST(
                                                          try_variant_get(_x8['v'], '$', 'string') AS timestamp
                                                        )
                                                      ),
                                                      _x9 -> CASE
                                                        WHEN (_x9 IS NULL) THEN NULL
                                                        ELSE concat(
                                                          date_format(_x9, 'yyyy-MM-dd\'T\'HH:mm:ss'),
                                                          CASE
                                                            WHEN (pmod(unix_micros(_x9), 1000000) = 0) THEN ''
                                                            ELSE concat(
                                                              '.',
                                                              lpad(
                                                                CAST(
                                                                  pmod(unix_micros(_x9), 1000000) AS string
                                                                ),
                                                                6, '0'
                                                              )
                                                            )
                                                          END,
                                                          'Z'
                                                        )
                                                      END
                                                    ),
                                                    1
                                                  )
                                                  WHEN (_x8['s'] = 'string') THEN CASE
                                                    WHEN (schema_of_variant(_x8['v']) = 'STRING') THEN try_variant_get(
                                                      _x8['v'], '$', 'string'
                                                    )
                                                    WHEN (NOT is_variant_null(_x8['v'])) THEN to_json(
                                                      _x8['v']
                                                    )
                                                  END
                                                END
                                              )
                                            )
                                          ),
                                          _x8 -> element_at(
                                            transform(
                                              array(
                                                named_struct(
                                                  'c',
                                                  CAST(
                                                    CASE
                                                      WHEN (_x7[0] IN ('string')) THEN _x8['as_string'][0]
                                                    END AS STRING
                                                  ),
                                                  'x',
                                                  CAST(
                                                    CASE
                                                      WHEN (_x7[1] IN ('string')) THEN _x8['as_string'][1]
                                                    END AS STRING
                                                  ),
                                                  'y',
                                                  CAST(
                                                    CASE
                                                      WHEN (_x7[2] IN ('string')) THEN _x8['as_string'][2]
                                                    END AS STRING
                                                  ),
                                                  'z',
                                                  CAST(
                                                    CASE
                                                      WHEN (_x7[3] IN ('string')) THEN _x8['as_string'][3]
                                                    END AS STRING
                                                  )
                                                )
                                              ),
                                              _x9 -> named_struct(
                                                'c', _x9['c'], 'x', _x9['x'], 'y', _x9['y'], 'z', _x9['z'],
                                                '__lost',
                                                coalesce(
                                                  (
                                                    (
                                                      (
                                                        (
                                                          exists(
                                                            map_entries(_x6),
                                                            _x10 -> (
                                                              (NOT (_x10['key'] IN ('c', 'x', 'y', 'z', '')))
                                                              AND (
                                                                regexp_replace(
                                                                  regexp_replace(
                                                                    to_json(_x10['value']),
                                                                    '"":\\s*(?:"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"|[^,}\\]\\[{]+)',
                                                                    ''
                                                                  ),
                                                                  '"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"\\s*:', ''
                                                                ) RLIKE '"|[0-9]|true|false'
                                                              )
                                                            )
                                                          )
                                                          OR (
                                                            (
                                                              (NOT (_x7[0] IN ('null', 'empty')))
                                                              AND (NOT (_x9['c'] IS NOT NULL))
                                                            )
                                                            AND (
                                                              regexp_replace(
                                                                regexp_replace(
                                                                  to_json(_x6['c']),
                                                                  '"":\\s*(?:"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"|[^,}\\]\\[{]+)',
                                                                  ''
                                                                ),
                                                                '"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"\\s*:', ''
                                                              ) RLIKE '"|[0-9]|true|false'
                                                            )
                                                          )
                                                        )
                                                        OR (
                                                          (
                                                            (NOT (_x7[1] IN ('null', 'empty')))
                                                            AND (NOT (_x9['x'] IS NOT NULL))
                                                          )
                                                          AND (
                                                            regexp_replace(
                                                              regexp_replace(
                                                                to_json(_x6['x']),
                                                                '"":\\s*(?:"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"|[^,}\\]\\[{]+)',
                                                                ''
                                                              ),
                                                              '"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"\\s*:', ''
                                                            ) RLIKE '"|[0-9]|true|false'
                                                          )
                                                        )
                                                      )
                                                      OR (
                                                        (
                                                          (NOT (_x7[2] IN ('null', 'empty')))
                                                          AND (NOT (_x9['y'] IS NOT NULL))
                                                        )
                                                        AND (
                                                          regexp_replace(
                                                            regexp_replace(
                                                              to_json(_x6['y']),
                                                              '"":\\s*(?:"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"|[^,}\\]\\[{]+)',
                                                              ''
                                                            ),
                                                            '"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"\\s*:', ''
                                                          ) RLIKE '"|[0-9]|true|false'
                                                        )
                                                      )
                                                    )
                                                    OR (
                                                      (
                                                        (NOT (_x7[3] IN ('null', 'empty')))
                                                        AND (NOT (_x9['z'] IS NOT NULL))
                                                      )
                                                      AND (
                                                        regexp_replace(
                                                          regexp_replace(
                                                            to_json(_x6['z']),
                                                            '"":\\s*(?:"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"|[^,}\\]\\[{]+)',
                                                            ''
                                                          ),
                                                          '"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"\\s*:', ''
                                                        ) RLIKE '"|[0-9]|true|false'
                                                      )
                                                    )
                                                  ),
                                                  FALSE
                                                )
                                              )
                                            ),
                                            1
                                          )
                                        ),
                                        1
                                      )
                                    ),
                                    1
                                  )
                                ),
                                1
                              )
                            END
                          )
                        )
                      ),
                      'b_record',
                      CASE
                        WHEN coalesce(
                          startswith(
                            schema_of_variant(CASE WHEN (_x2[0] = 'record') THEN _x1['b'] END), 'OBJECT<'
                          ),
                          FALSE
                        ) THEN element_at(
                          transform(
                            array(
                              try_variant_get(
                                CASE WHEN (_x2[0] = 'record') THEN _x1['b'] END, '$', 'map<string,variant>'
                              )
                            ),
                            _x3 -> element_at(
                              transform(
                                array(
                                  transform(
                                    array(_x3['c']),
                                    _x4 -> element_at(
                                      transform(
                                        array(
                                          transform(
                                            flatten(
                                              transform(
                                                array(
                                                  named_struct('d', 0, 'v', _x4, 'sv', schema_of_variant(_x4))
                                                ),
                                                _x5 -> CASE
                                                  WHEN (
                                                    startswith(_x5['sv'], 'ARRAY<')
                                                    AND (NOT (_x5['sv'] RLIKE '^(ARRAY<)+VOID>+$'))
                                                  ) THEN transform(
                                                    filter(
                                                      try_variant_get(_x5['v'], '$', 'array<variant>'),
                                                      _x6 -> (NOT is_variant_null(_x6))
                                                    ),
                                                    _x6 -> named_struct(
                                                      'd', (_x5['d'] + 1), 'v', _x6, 'sv',
                                                      schema_of_variant(_x6)
                                                    )
                                                  )
                                                  ELSE array(_x5)
                                                END
                                              )
                                            ),
                                            _x5 -> element_at(
                                              transform(
                                                array(
                                                  CASE
                                                    WHEN (
                                                      (NOT startswith(_x5['sv'], 'OBJECT<'))
                                                      AND (NOT startswith(_x5['sv'], 'ARRAY<'))
                                                    ) THEN element_at(
                                                      transform(
                                                        array(
                                                          CASE
                                                            WHEN ((_x5['v'] IS NULL) OR (_x5['sv'] = 'VOID')) THEN 'null'
                                                            WHEN (_x5['sv'] = 'BOOLEAN') THEN 'boolean'
                                                            WHEN (_x5['sv'] = 'BIGINT') THEN 'integer'
                                                            WHEN startswith(_x5['sv'], 'DECIMAL(') THEN CASE
                                                              WHEN (
                                                                (
                                                                  regexp_extract(
                                                                    _x5['sv'], '^DECIMAL\\(\\d+,(\\d+)\\)$', 1
                                                                  ) = '0'
                                                                )
                                                                AND (
                                                                  try_variant_get(_x5['v'], '$', 'bigint') IS NULL
                                                                )
                                                              ) THEN 'integer'
                                                              ELSE 'fraction'
                                                            END
                                                            WHEN (_x5['sv'] = 'DOUBLE') THEN 'fraction'
                                                            WHEN (_x5['sv'] = 'STRING') THEN 'string'
                                                            WHEN startswith(_x5['sv'], 'ARRAY<') THEN 'array'
                                                            WHEN startswith(_x5['sv'], 'OBJECT<') THEN 'object'
                                                            ELSE 'other'
                                                          END
                                                        ),
                                                        _x6 -> CASE
                                                          WHEN (_x6 = 'boolean') THEN 0
                                                          WHEN (_x6 = 'integer') THEN CASE
                                                            WHEN (
                                                              (
                                                                try_variant_get(_x5['v'], '$', 'bigint') IS NOT NULL
                                                              )
                                                              AND (
                                                                TRY_CAST(
                                                                  try_variant_get(_x5['v'], '$', 'bigint') AS decimal(
                                                                    38, 0
                                                                  )
                                                                ) = try_variant_get(
                                                                  _x5['v'], '$', 'decimal(38,0)'
                                                                )
                                                              )
                                                            ) THEN 1
                                                            WHEN (
                                                              (
                                                                try_variant_get(
                                                                  _x5['v'], '$', 'decimal(38,0)'
                                                                ) IS NOT NULL
                                                              )
                                                              AND (
                                                                TRY_CAST(
                                                                  try_variant_get(
                                                                    _x5['v'], '$', 'decimal(38,0)'
                                                                  ) AS decimal(38,0)
                                                                ) = try_variant_get(
                                                                  _x5['v'], '$', 'decimal(38,0)'
                                                                )
                                                              )
                                                            ) THEN 3
                                                            ELSE 6
                                                          END
                                                          WHEN (_x6 = 'fraction') THEN CASE
                                                            WHEN (
                                                              (
                                                                (
                                                                  (
                                                                    try_variant_get(_x5['v'], '$', 'double') IS NOT NULL
                                                                  )
                                                                  AND (
                                                                    NOT isnan(
                                                                      try_variant_get(_x5['v'], '$', 'double')
                                                                    )
                                                                  )
                                                                )
                                                                AND (
                                                                  abs(
                                                                    try_variant_get(_x5['v'], '$', 'double')
                                                                  ) < CAST('Infinity' AS DOUBLE)
                                                                )
                                                              )
                                                              AND CASE
                                                                WHEN (_x5['sv'] = 'DOUBLE') THEN TRUE
                                                                ELSE (
                                                                  regexp_replace(
                                                                    regexp_replace(
                                                                      regexp_replace(
                                                                        regexp_replace(
                                                                          CAST(
                                                                            try_variant_get(
                                                                              _x5['v'], '$', 'double'
                                                                            ) AS string
                                                                          ),
                                                                          '[eE].*$', ''
                                                                        ),
                                                                        '^-', ''
                                                                      ),
                                                                      '\\.', ''
                                                                    ),
                                                                    '^0+|0+$', ''
                                                                  ) = regexp_replace(
                                                                    regexp_replace(
                                                                      regexp_replace(
                                                                        regexp_replace(
                                                                          to_json(_x5['v']), '[eE].*$', ''
                                                                        ),
                                                                        '^-', ''
                                                                      ),
                                                                      '\\.', ''
                                                                    ),
                                                                    '^0+|0+$', ''
                                                                  )
                                                                )
                                                              END
                                                            ) THEN 2
                                                            ELSE 6
                                                          END
                                                          WHEN (_x6 = 'string') THEN CASE
                                                            WHEN (
                                                              (
                                                                (
                                                                  try_variant_get(_x5['v'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                                                )
                                                                AND (
                                                                  NOT startswith(
                                                                    try_variant_get(_x5['v'], '$', 'string'),
                                                                    '0000'
                                                                  )
                                                                )
                                                              )
                                                              AND (
                                                                try_to_date(
                                                                  try_variant_get(_x5['v'], '$', 'string'),
                                                                  'yyyy-MM-dd'
                                                                ) IS NOT NULL
                                                              )
                                                            ) THEN 4
                                                            WHEN (
                                                              (
                                                                (
                                                                  try_variant_get(_x5['v'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                                                                )
                                                                AND (
                                                                  NOT startswith(
                                                                    try_variant_get(_x5['v'], '$', 'string'),
                                                                    '0000'
                                                                  )
                                                                )
                                                              )
                                                              AND (
                                                                TRY_CAST(
                                                                  try_variant_get(_x5['v'], '$', 'string') AS timestamp
                                                                ) IS NOT NULL
                                                              )
                                                            ) THEN 5
                                                            ELSE 6
                                                          END
                                                        END
                                                      ),
                                                      1
                                                    )
                                                  END
                                                ),
                                                _x6 -> named_struct(
                                                  'd', _x5['d'], 'k',
                                                  CASE
                                                    WHEN startswith(_x5['sv'], 'OBJECT<') THEN 1
                                                    WHEN (_x5['sv'] RLIKE '^(ARRAY<)+VOID>+$') THEN 2
                                                    WHEN startswith(_x5['sv'], 'ARRAY<') THEN 3
                                                    ELSE 0
                                                  END,
                                                  't', _x6, 'x', 0, 'e',
                                                  (size(split(_x5['sv'], 'ARRAY<')) - 1)
                                                )
                                              ),
                                              1
                                            )
                                          )
                                        ),
                                        _x5 -> element_at(
                                          transform(
                                            array(
                                              named_struct(
                                                'prim', exists(_x5, _x6 -> (_x6['k'] = 0)), 'rec',
                                                exists(_x5, _x6 -> (_x6['k'] = 1)), 'deep',
                                                exists(_x5, _x6 -> (_x6['k'] = 3)), 'lo',
                                                array_min(
                                                  transform(
                                                    filter(_x5, _x6 -> (_x6['k'] <= 1)), _x6 -> _x6['d']
                                                  )
                                                ),
                                                'hi',
                                                array_max(
                                                  transform(
                                                    filter(_x5, _x6 -> (_x6['k'] <= 1)), _x6 -> _x6['d']
                                                  )
                                                ),
                                                'e',
                                                array_max(
                                                  transform(
                                                    filter(_x5, _x6 -> (_x6['k'] = 2)),
                                                    _x6 -> (_x6['d'] + _x6['e'])
                                                  )
                                                ),
                                                'mask',
                                                aggregate(
                                                  filter(_x5, _x6 -> (_x6['k'] <= 1)), 0,
                                                  (_acc6, _x6) -> (_acc6 | shiftleft(1, _x6['t']))
                                                ),
                                                'exact',
                                                aggregate(
                                                  filter(_x5, _x6 -> (_x6['k'] <= 1)), 127,
                                                  (_acc6, _x6) -> (_acc6 & _x6['x'])
                                                )
                                              )
                                            ),
                                            _x6 -> CASE
                                              WHEN ((_x4 IS NULL) OR is_variant_null(_x4)) THEN 'null'
                                              WHEN (
                                                (
                                                  NOT (
                                                    (_x6['rec'] AND (NOT _x6['prim']))
                                                    AND (
                                                      NOT (
                                                        (
                                                          (_x6['prim'] AND _x6['rec'])
                                                          OR (_x6['lo'] != _x6['hi'])
                                                        )
                                                        OR coalesce((_x6['e'] > _x6['hi']), FALSE)
                                                      )
                                                    )
                                                  )
                                                )
                                                AND CASE
                                                  WHEN `__widen_hd` THEN (
                                                    schema_of_variant(_x4) RLIKE '(^|<|: )(DOUBLE|VARIANT)(>|,|$)'
                                                  )
                                                  ELSE (schema_of_variant(_x4) RLIKE '(^|<|: )DOUBLE(>|,|$)')
                                                END
                                              ) THEN 'deep'
                                              WHEN ((NOT _x6['prim']) AND (NOT _x6['rec'])) THEN CASE
                                                WHEN _x6['deep'] THEN 'deep'
                                                ELSE 'empty'
                                              END
                                              WHEN (
                                                (
                                                  ((_x6['prim'] AND _x6['rec']) OR (_x6['lo'] != _x6['hi']))
                                                  OR coalesce((_x6['e'] > _x6['hi']), FALSE)
                                                )
                                                OR _x6['deep']
                                              ) THEN element_at(
                                                array(
                                                  'boolean', 'long', 'double', 'decimal', 'date', 'timestamp',
                                                  'string'
                                                ),
                                                7
                                              )
                                              WHEN (
                                                (_x6['rec'] AND (_x6['hi'] = 0))
                                                AND (
                                                  size(
                                                    array_remove(
                                                      map_keys(
                                                        try_variant_get(_x4, '$', 'map<string,variant>')
                                                      ),
                                                      ''
                                                    )
                                                  ) = 0
                                                )
                                              ) THEN 'empty'
                                              WHEN _x6['rec'] THEN concat('record', repeat('[]', _x6['hi']))
                                              ELSE concat(
                                                CASE
                                                  WHEN (_x6['hi'] = 0) THEN element_at(
                                                    array(
                                                      'boolean', 'long', 'double', 'decimal', 'date',
                                                      'timestamp', 'string'
                                                    ),
                                                    (element_at(_x5, 1)['t'] + 1)
                                                  )
                                                  ELSE 'array'
                                                END,
                                                repeat('[]', _x6['hi'])
                                              )
                                            END
                                          ),
                                          1
                                        )
                                      ),
                                      1
                                    )
                                  )
                                ),
                                _x4 -> element_at(
                                  transform(
                                    array(
                                      named_struct(
                                        'as_string',
                                        transform(
                                          array(named_struct('v', _x3['c'], 's', _x4[0])),
                                          _x5 -> CASE
                                            WHEN (_x5['s'] = 'boolean') THEN CAST(
                                              try_variant_get(_x5['v'], '$', 'boolean') AS string
                                            )
                                            WHEN (_x5['s'] = 'long') THEN CAST(
                                              try_variant_get(_x5['v'], '$', 'bigint') AS string
                                            )
                                            WHEN (_x5['s'] = 'double') THEN element_at(
                                              transform(
                                                array(
                                                  (
                                                    try_variant_get(_x5['v'], '$', 'double') + CAST(
                                                      0.0D AS double
                                                    )
                                                  )
                                                ),
                                                _x6 -> CASE
                                                  WHEN isnan(_x6) THEN 'NaN'
                                                  WHEN (_x6 = CAST('Infinity' AS DOUBLE)) THEN 'Infinity'
                                                  WHEN (_x6 = CAST('-Infinity' AS DOUBLE)) THEN '-Infinity'
                                                  ELSE element_at(
                                                    transform(
                                                      array(
                                                        CASE
                                                          WHEN (
                                                            TRY_CAST(format_string('%.0e', _x6) AS double) = _x6
                                                          ) THEN format_string('%.0e', _x6)
                                                          WHEN (
                                                            TRY_CAST(format_string('%.1e', _x6) AS double) = _x6
                                                          ) THEN format_string('%.1e', _x6)
                                                          WHEN (
                                                            TRY_CAST(format_string('%.2e', _x6) AS double) = _x6
                                                          ) THEN format_string('%.2e', _x6)
                                                          WHEN (
                                                            TRY_CAST(format_string('%.3e', _x6) AS double) = _x6
                                                          ) THEN format_string('%.3e', _x6)
                                                          WHEN (
                                                            TRY_CAST(format_string('%.4e', _x6) AS double) = _x6
                                                          ) THEN format_string('%.4e', _x6)
                                                          WHEN (
                                                            TRY_CAST(format_string('%.5e', _x6) AS double) = _x6
                                                          ) THEN format_string('%.5e', _x6)
                                                          WHEN (
                                                            TRY_CAST(format_string('%.6e', _x6) AS double) = _x6
                                                          ) THEN format_string('%.6e', _x6)
                                                          WHEN (
                                                            TRY_CAST(format_string('%.7e', _x6) AS double) = _x6
                                                          ) THEN format_string('%.7e', _x6)
                                                          WHEN (
                                                            TRY_CAST(format_string('%.8e', _x6) AS double) = _x6
                                                          ) THEN format_string('%.8e', _x6)
                                                          WHEN (
                                                            TRY_CAST(format_string('%.9e', _x6) AS double) = _x6
                                                          ) THEN format_string('%.9e', _x6)
                                                          WHEN (
                                                            TRY_CAST(format_string('%.10e', _x6) AS double) = _x6
                                                          ) THEN format_string('%.10e', _x6)
                                                          WHEN (
                                                            TRY_CAST(format_string('%.11e', _x6) AS double) = _x6
                                                          ) THEN format_string('%.11e', _x6)
                                                          WHEN (
                                                            TRY_CAST(format_string('%.12e', _x6) AS double) = _x6
                                                          ) THEN format_string('%.12e', _x6)
                                                          WHEN (
                                                            TRY_CAST(format_string('%.13e', _x6) AS double) = _x6
                                                          ) THEN format_string('%.13e', _x6)
                                                          WHEN (
                                                            TRY_CAST(format_string('%.14e', _x6) AS double) = _x6
                                                          ) THEN format_string('%.14e', _x6)
                                                          WHEN (
                                                            TRY_CAST(format_string('%.15e', _x6) AS double) = _x6
                                                          ) THEN format_string('%.15e', _x6)
                                                          WHEN (
                                                            TRY_CAST(format_string('%.16e', _x6) AS double) = _x6
                                                          ) THEN format_string('%.16e', _x6)
                                                          ELSE format_string('%.16e', _x6)
                                                        END
                                                      ),
                                                      _x7 -> CASE
                                                        WHEN (_x6 IS NULL) THEN NULL
                                                        WHEN (_x6 = 0) THEN CASE
                                                          WHEN startswith(format_string('%s', _x6), '-') THEN '-0.0'
                                                          ELSE '0.0'
                                                        END
                                                        ELSE concat(
                                                          CASE WHEN startswith(_x7, '-') THEN '-' ELSE '' END,
                                                          CASE
                                                            WHEN (
                                                              (abs(_x6) >= 0.001D)
                                                              AND (abs(_x6) < 10000000.0D)
                                                            ) THEN CASE
                                                              WHEN (
                                                                (
                                                                  CAST(
                                                                    regexp_extract(
                                                                      regexp_replace(_x7, '^-', ''),
                                                                      'e([+-][0-9]+)$', 1
                                                                    ) AS int
                                                                  ) + 1
                                                                ) <= 0
                                                              ) THEN concat(
                                                                '0.',
                                                                repeat(
                                                                  '0',
                                                                  (
                                                                    - (
                                                                      CAST(
                                                                        regexp_extract(
                                                                          regexp_replace(_x7, '^-', ''),
                                                                          'e([+-][0-9]+)$', 1
                                                                        ) AS int
                                                                      ) + 1
                                                                    )
                                                                  )
                                                                ),
                                                                CASE
                                                                  WHEN (
                                                                    regexp_replace(
                                                                      regexp_replace(
                                                                        regexp_extract(
                                                                          regexp_replace(_x7, '^-', ''),
                                                                          '^([0-9.]+)e', 1
                                                                        ),
                                                                        '\\.', ''
                                                                      ),
                                                                      '0+$', ''
                                                                    ) = ''
                                                                  ) THEN '0'
                                                                  ELSE regexp_replace(
                                                                    regexp_replace(
                                                                      regexp_extract(
                                                                        regexp_replace(_x7, '^-', ''),
                                                                        '^([0-9.]+)e', 1
                                                                      ),
                                                                      '\\.', ''
                                                                    ),
                                                                    '0+$', ''
                                                                  )
                                                                END
                                                              )
                                                              WHEN (
                                                                (
                                                                  CAST(
                                                                    regexp_extract(
                                                                      regexp_replace(_x7, '^-', ''),
                                                                      'e([+-][0-9]+)$', 1
                                                                    ) AS int
                                                                  ) + 1
                                                                ) >= length(
                                                                  CASE
                                                                    WHEN (
                                                                      regexp_replace(
                                                                        regexp_replace(
                                                                          regexp_extract(
                                                                            regexp_replace(_x7, '^-', ''),
                                                                            '^([0-9.]+)e', 1
                                                                          ),
                                                                          '\\.', ''
                                                                        ),
                                                                        '0+$', ''
                                                                      ) = ''
                                                                    ) THEN '0'
                                                                    ELSE regexp_replace(
                                                                      regexp_replace(
                                                                        regexp_extract(
                                                                          regexp_replace(_x7, '^-', ''),
                                                                          '^([0-9.]+)e', 1
                                                                        ),
                                                                        '\\.', ''
                                                                      ),
                                                                      '0+$', ''
                                                                    )
                                                                  END
                                                                )
                                                              ) THEN concat(
                                                                CASE
                                                                  WHEN (
                                                                    regexp_replace(
                                                                      regexp_replace(
                                                                        regexp_extract(
                                                                          regexp_replace(_x7, '^-', ''),
                                                                          '^([0-9.]+)e', 1
                                                                        ),
                                                                        '\\.', ''
                                                                      ),
                                                                      '0+$', ''
                                                                    ) = ''
                                                                  ) THEN '0'
                                                                  ELSE regexp_replace(
                                                                    regexp_replace(
                                                                      regexp_extract(
                                                                        regexp_replace(_x7, '^-', ''),
                                                                        '^([0-9.]+)e', 1
                                                                      ),
                                                                      '\\.', ''
                                                                    ),
                                                                    '0+$', ''
                                                                  )
                                                                END,
                                                                repeat(
                                                                  '0',
                                                                  (
                                                                    (
                                                                      CAST(
                                                                        regexp_extract(
                                                                          regexp_replace(_x7, '^-', ''),
                                                                          'e([+-][0-9]+)$', 1
                                                                        ) AS int
                                                                      ) + 1
                                                                    ) - length(
                                                                      CASE
                                                                        WHEN (
                                                                          regexp_replace(
                                                                            regexp_replace(
                                                                              regexp_extract(
                                                                                regexp_replace(_x7, '^-', ''),
                                                                                '^([0-9.]+)e', 1
                                                                              ),
                                                                              '\\.', ''
                                                                            ),
                                                                            '0+$', ''
                                                                          ) = ''
                                                                        ) THEN '0'
                                                                        ELSE regexp_replace(
                                                                          regexp_replace(
                                                                            regexp_extract(
                                                                              regexp_replace(_x7, '^-', ''),
                                                                              '^([0-9.]+)e', 1
                                                                            ),
                                                                            '\\.', ''
                                                                          ),
                                                                          '0+$', ''
                                                                        )
                                                                      END
                                                                    )
                                                                  )
                                                                ),
                                                                '.0'
                                                              )
                                                              ELSE concat(
                                                                substr(
                                                                  CASE
                                                                    WHEN (
                                                                      regexp_replace(
                                                                        regexp_replace(
                                                                          regexp_extract(
                                                                            regexp_replace(_x7, '^-', ''),
                                                                            '^([0-9.]+)e', 1
                                                                          ),
                                                                          '\\.', ''
                                                                        ),
                                                                        '0+$', ''
                                                                      ) = ''
                                                                    ) THEN '0'
                                                                    ELSE regexp_replace(
                                                                      regexp_replace(
                                                                        regexp_extract(
                                                                          regexp_replace(_x7, '^-', ''),
                                                                          '^([0-9.]+)e', 1
                                                                        ),
                                                                        '\\.', ''
                                                                      ),
                                                                      '0+$', ''
                                                                    )
                                                                  END,
                                                                  1,
                                                                  (
                                                                    CAST(
                                                                      regexp_extract(
                                                                        regexp_replace(_x7, '^-', ''),
                                                                        'e([+-][0-9]+)$', 1
                                                                      ) AS int
                                                                    ) + 1
                                                                  )
                                                                ),
                                                                '.',
                                                                substr(
                                                                  CASE
                                                                    WHEN (
                                                                      regexp_replace(
                                                                        regexp_replace(
                                                                          regexp_extract(
                                                                            regexp_replace(_x7, '^-', ''),
                                                                            '^([0-9.]+)e', 1
                                                                          ),
                                                                          '\\.', ''
                                                                        ),
                                                                        '0+$', ''
                                                                      ) = ''
                                                                    ) THEN '0'
                                                                    ELSE regexp_replace(
                                                                      regexp_replace(
                                                                        regexp_extract(
                                                                          regexp_replace(_x7, '^-', ''),
                                                                          '^([0-9.]+)e', 1
                                                                        ),
                                                                        '\\.', ''
                                                                      ),
                                                                      '0+$', ''
                                                                    )
                                                                  END,
                                                                  (
                                                                    (
                                                                      CAST(
                                                                        regexp_extract(
                                                                          regexp_replace(_x7, '^-', ''),
                                                                          'e([+-][0-9]+)$', 1
                                                                        ) AS int
                                                                      ) + 1
                                                                    ) + 1
                                                                  ),
                                                                  (
                                                                    length(
                                                                      CASE
                                                                        WHEN (
                                                                          regexp_replace(
                                                                            regexp_replace(
                                                                              regexp_extract(
                                                                                regexp_replace(_x7, '^-', ''),
                                                                                '^([0-9.]+)e', 1
                                                                              ),
                                                                              '\\.', ''
                                                                            ),
                                                                            '0+$', ''
                                                                          ) = ''
                                                                        ) THEN '0'
                                                                        ELSE regexp_replace(
                                                                          regexp_replace(
                                                                            regexp_extract(
                                                                              regexp_replace(_x7, '^-', ''),
                                                                              '^([0-9.]+)e', 1
                                                                            ),
                                                                            '\\.', ''
                                                                          ),
                                                                          '0+$', ''
                                                                        )
                                                                      END
                                                                    ) - (
                                                                      CAST(
                                                                        regexp_extract(
                                                                          regexp_replace(_x7, '^-', ''),
                                                                          'e([+-][0-9]+)$', 1
                                                                        ) AS int
                                                                      ) + 1
                                                                    )
                                                                  )
                                                                )
                                                              )
                                                            END
                                                            ELSE concat(
                                                              substr(
                                                                CASE
                                                                  WHEN (
                                                                    regexp_replace(
                                                                      regexp_replace(
                                                                        regexp_extract(
                                                                          regexp_replace(_x7, '^-', ''),
                                                                          '^([0-9.]+)e', 1
                                                                        ),
                                                                        '\\.', ''
                                                                      ),
                                                                      '0+$', ''
                                                                    ) = ''
                                                                  ) THEN '0'
                                                                  ELSE regexp_replace(
                                                                    regexp_replace(
                                                                      regexp_extract(
                                                                        regexp_replace(_x7, '^-', ''),
                                                                        '^([0-9.]+)e', 1
                                                                      ),
                                                                      '\\.', ''
                                                                    ),
                                                                    '0+$', ''
                                                                  )
                                                                END,
                                                                1, 1
                                                              ),
                                                              '.',
                                                              CASE
                                                                WHEN (
                                                                  length(
                                                                    CASE
                                                                      WHEN (
                                                                        regexp_replace(
                                                                          regexp_replace(
                                                                            regexp_extract(
                                                                              regexp_replace(_x7, '^-', ''),
                                                                              '^([0-9.]+)e', 1
                                                                            ),
                                                                            '\\.', ''
                                                                          ),
                                                                          '0+$', ''
                                                                        ) = ''
                                                                      ) THEN '0'
                                                                      ELSE regexp_replace(
                                                                        regexp_replace(
                                                                          regexp_extract(
                                                                            regexp_replace(_x7, '^-', ''),
                                                                            '^([0-9.]+)e', 1
                                                                          ),
                                                                          '\\.', ''
                                                                        ),
                                                                        '0+$', ''
                                                                      )
                                                                    END
                                                                  ) > 1
                                                                ) THEN substr(
                                                                  CASE
                                                                    WHEN (
                                                                      regexp_replace(
                                                                        regexp_replace(
                                                                          regexp_extract(
                                                                            regexp_replace(_x7, '^-', ''),
                                                                            '^([0-9.]+)e', 1
                                                                          ),
                                                                          '\\.', ''
                                                                        ),
                                                                        '0+$', ''
                                                                      ) = ''
                                                                    ) THEN '0'
                                                                    ELSE regexp_replace(
                                                                      regexp_replace(
                                                                        regexp_extract(
                                                                          regexp_replace(_x7, '^-', ''),
                                                                          '^([0-9.]+)e', 1
                                                                        ),
                                                                        '\\.', ''
                                                                      ),
                                                                      '0+$', ''
                                                                    )
                                                                  END,
                                                                  2,
                                                                  length(
                                                                    CASE
                                                                      WHEN (
                                                                        regexp_replace(
                                                                          regexp_replace(
                                                                            regexp_extract(
                                                                              regexp_replace(_x7, '^-', ''),
                                                                              '^([0-9.]+)e', 1
                                                                            ),
                                                                            '\\.', ''
                                                                          ),
                                                                          '0+$', ''
                                                                        ) = ''
                                                                      ) THEN '0'
                                                                      ELSE regexp_replace(
                                                                        regexp_replace(
                                                                          regexp_extract(
                                                                            regexp_replace(_x7, '^-', ''),
                                                                            '^([0-9.]+)e', 1
                                                                          ),
                                                                          '\\.', ''
                                                                        ),
                                                                        '0+$', ''
                                                                      )
                                                                    END
                                                                  )
                                                                )
                                                                ELSE '0'
                                                              END,
                                                              'E',
                                                              CAST(
                                                                CAST(
                                                                  regexp_extract(
                                                                    regexp_replace(_x7, '^-', ''),
                                                                    'e([+-][0-9]+)$', 1
                                                                  ) AS int
                                                                ) AS string
                                                              )
                                                            )
                                                          END
                                                        )
                                                      END
                                                    ),
                                                    1
                                                  )
                                                END
                                              ),
                                              1
                                            )
                                            WHEN (_x5['s'] = 'decimal') THEN CASE
                                              WHEN (
                                                try_variant_get(_x5['v'], '$', 'decimal(38,0)') IS NOT NULL
                                              ) THEN to_json(_x5['v'])
                                            END
                                            WHEN (_x5['s'] = 'date') THEN date_format(
                                              try_to_date(
                                                try_variant_get(_x5['v'], '$', 'string'), 'yyyy-MM-dd'
                                              ),
                                              'yyyy-MM-dd'
                                            )
                                            WHEN (_x5['s'] = 'timestamp') THEN element_at(
                                              transform(
                                                array(
                                                  TRY_CAST(
                                                    try_variant_get(_x5['v'], '$', 'string') AS timestamp
                                                  )
                                                ),
                                                _x6 -> CASE
                                                  WHEN (_x6 IS NULL) THEN NULL
                                                  ELSE concat(
                                                    date_format(_x6, 'yyyy-MM-dd\'T\'HH:mm:ss'),
                                                    CASE
                                                      WHEN (pmod(unix_micros(_x6), 1000000) = 0) THEN ''
                                                      ELSE concat(
                                                        '.',
                                                        lpad(
                                                          CAST(pmod(unix_micros(_x6), 1000000) AS string), 6,
                                                          '0'
                                                        )
                                                      )
                                                    END,
                                                    'Z'
                                                  )
                                                END
                                              ),
                                              1
                                            )
                                            WHEN (_x5['s'] = 'string') THEN CASE
                                              WHEN (schema_of_variant(_x5['v']) = 'STRING') THEN try_variant_get(
                                                _x5['v'], '$', 'string'
                                              )
                                              WHEN (NOT is_variant_null(_x5['v'])) THEN to_json(_x5['v'])
                                            END
                                          END
                                        )
                                      )
                                    ),
                                    _x5 -> element_at(
                                      transform(
                                        array(
                                          named_struct(
                                            'c',
                                            CAST(
                                              CASE WHEN (_x4[0] IN ('string')) THEN _x5['as_string'][0] END AS STRING
                                            )
                                          )
                                        ),
                                        _x6 -> named_struct(
                                          'c', _x6['c'], '__lost',
                                          coalesce(
                                            (
                                              exists(
                                                map_entries(_x3),
                                                _x7 -> (
                                                  (NOT (_x7['key'] IN ('c', '')))
                                                  AND (
                                                    regexp_replace(
                                                      regexp_replace(
                                                        to_json(_x7['value']),
                                                        '"":\\s*(?:"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"|[^,}\\]\\[{]+)',
                                                        ''
                                                      ),
                                                      '"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"\\s*:', ''
                                                    ) RLIKE '"|[0-9]|true|false'
                                                  )
                                                )
                                              )
                                              OR (
                                                (
                                                  (NOT (_x4[0] IN ('null', 'empty')))
                                                  AND (NOT (_x6['c'] IS NOT NULL))
                                                )
                                                AND (
                                                  regexp_replace(
                                                    regexp_replace(
                                                      to_json(_x3['c']),
                                                      '"":\\s*(?:"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"|[^,}\\]\\[{]+)',
                                                      ''
                                                    ),
                                                    '"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"\\s*:', ''
                                                  ) RLIKE '"|[0-9]|true|false'
                                                )
                                              )
                                            ),
                                            FALSE
                                          )
                                        )
                                      ),
                                      1
                                    )
                                  ),
                                  1
                                )
                              ),
                              1
                            )
                          ),
                          1
                        )
                      END,
                      'b_array_record',
                      transform(
                        CASE
                          WHEN (_x2[0] = 'record[]') THEN try_variant_get(_x1['b'], '$', 'array<variant>')
                        END,
                        _x3 -> CASE
                          WHEN coalesce(startswith(schema_of_variant(_x3), 'OBJECT<'), FALSE) THEN element_at(
                            transform(
                              array(try_variant_get(_x3, '$', 'map<string,variant>')),
                              _x4 -> element_at(
                                transform(
                                  array(
                                    transform(
                                      array(_x4['x']),
                                      _x5 -> element_at(
                                        transform(
                                          array(
                                            transform(
                                              flatten(
                                                transform(
                                                  array(
                                                    named_struct(
                                                      'd', 0, 'v', _x5, 'sv', schema_of_variant(_x5)
                                                    )
                                                  ),
                                                  _x6 -> CASE
                                                    WHEN (
                                                      startswith(_x6['sv'], 'ARRAY<')
                                                      AND (NOT (_x6['sv'] RLIKE '^(ARRAY<)+VOID>+$'))
                                                    ) THEN transform(
                                                      filter(
                                                        try_variant_get(_x6['v'], '$', 'array<variant>'),
                                                        _x7 -> (NOT is_variant_null(_x7))
                                                      ),
                                                      _x7 -> named_struct(
                                                        'd', (_x6['d'] + 1), 'v', _x7, 'sv',
                                                        schema_of_variant(_x7)
                                                      )
                                                    )
                                                    ELSE array(_x6)
                                                  END
                                                )
                                              ),
                                              _x6 -> element_at(
                                                transform(
                                                  array(
                                                    CASE
                                                      WHEN (
                                                        (NOT startswith(_x6['sv'], 'OBJECT<'))
                                                        AND (NOT startswith(_x6['sv'], 'ARRAY<'))
                                                      ) THEN element_at(
                                                        transform(
                                                          array(
                                                            CASE
                                                              WHEN ((_x6['v'] IS NULL) OR (_x6['sv'] = 'VOID')) THEN 'null'
                                                              WHEN (_x6['sv'] = 'BOOLEAN') THEN 'boolean'
                                                              WHEN (_x6['sv'] = 'BIGINT') THEN 'integer'
                                                              WHEN startswith(_x6['sv'], 'DECIMAL(') THEN CASE
                                                                WHEN (
                                                                  (
                                                                    regexp_extract(
                                                                      _x6['sv'], '^DECIMAL\\(\\d+,(\\d+)\\)$',
                                                                      1
                                                                    ) = '0'
                                                                  )
                                                                  AND (
                                                                    try_variant_get(_x6['v'], '$', 'bigint') IS NULL
                                                                  )
                                                                ) THEN 'integer'
                                                                ELSE 'fraction'
                                                              END
                                                              WHEN (_x6['sv'] = 'DOUBLE') THEN 'fraction'
                                                              WHEN (_x6['sv'] = 'STRING') THEN 'string'
                                                              WHEN startswith(_x6['sv'], 'ARRAY<') THEN 'array'
                                                              WHEN startswith(_x6['sv'], 'OBJECT<') THEN 'object'
                                                              ELSE 'other'
                                                            END
                                                          ),
                                                          _x7 -> CASE
                                                            WHEN (_x7 = 'boolean') THEN 0
                                                            WHEN (_x7 = 'integer') THEN CASE
                                                              WHEN (
                                                                (
                                                                  try_variant_get(_x6['v'], '$', 'bigint') IS NOT NULL
                                                                )
                                                                AND (
                                                                  TRY_CAST(
                                                                    try_variant_get(_x6['v'], '$', 'bigint') AS decimal(
                                                                      38, 0
                                                                    )
                                                                  ) = try_variant_get(
                                                                    _x6['v'], '$', 'decimal(38,0)'
                                                                  )
                                                                )
                                                              ) THEN 1
                                                              WHEN (
                                                                (
                                                                  try_variant_get(
                                                                    _x6['v'], '$', 'decimal(38,0)'
                                                                  ) IS NOT NULL
                                                                )
                                                                AND (
                                                                  TRY_CAST(
                                                                    try_variant_get(
                                                                      _x6['v'], '$', 'decimal(38,0)'
                                                                    ) AS decimal(38,0)
                                                                  ) = try_variant_get(
                                                                    _x6['v'], '$', 'decimal(38,0)'
                                                                  )
                                                                )
                                                              ) THEN 3
                                                              ELSE 6
                                                            END
                                                            WHEN (_x7 = 'fraction') THEN CASE
                                                              WHEN (
                                                                (
                                                                  (
                                                                    (
                                                                      try_variant_get(_x6['v'], '$', 'double') IS NOT NULL
                                                                    )
                                                                    AND (
                                                                      NOT isnan(
                                                                        try_variant_get(
                                                                          _x6['v'], '$', 'double'
                                                                        )
                                                                      )
                                                                    )
                                                                  )
                                                                  AND (
                                                                    abs(
                                                                      try_variant_get(_x6['v'], '$', 'double')
                                                                    ) < CAST('Infinity' AS DOUBLE)
                                                                  )
                                                                )
                                                                AND CASE
                                                                  WHEN (_x6['sv'] = 'DOUBLE') THEN TRUE
                                                                  ELSE (
                                                                    regexp_replace(
                                                                      regexp_replace(
                                                                        regexp_replace(
                                                                          regexp_replace(
                                                                            CAST(
                                                                              try_variant_get(
                                                                                _x6['v'], '$', 'double'
                                                                              ) AS string
                                                                            ),
                                                                            '[eE].*$', ''
                                                                          ),
                                                                          '^-', ''
                                                                        ),
                                                                        '\\.', ''
                                                                      ),
                                                                      '^0+|0+$', ''
                                                                    ) = regexp_replace(
                                                                      regexp_replace(
                                                                        regexp_replace(
                                                                          regexp_replace(
                                                                            to_json(_x6['v']), '[eE].*$', ''
                                                                          ),
                                                                          '^-', ''
                                                                        ),
                                                                        '\\.', ''
                                                                      ),
                                                                      '^0+|0+$', ''
                                                                    )
                                                                  )
                                                                END
                                                              ) THEN 2
                                                              ELSE 6
                                                            END
                                                            WHEN (_x7 = 'string') THEN CASE
                                                              WHEN (
                                                                (
                                                                  (
                                                                    try_variant_get(_x6['v'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                                                  )
                                                                  AND (
                                                                    NOT startswith(
                                                                      try_variant_get(_x6['v'], '$', 'string'),
                                                                      '0000'
                                                                    )
                                                                  )
                                                                )
                                                                AND (
                                                                  try_to_date(
                                                                    try_variant_get(_x6['v'], '$', 'string'),
                                                                    'yyyy-MM-dd'
                                                                  ) IS NOT NULL
                                                                )
                                                              ) THEN 4
                                                              WHEN (
                                                                (
                                                                  (
                                                                    try_variant_get(_x6['v'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                                                                  )
                                                                  AND (
                                                                    NOT startswith(
                                                                      try_variant_get(_x6['v'], '$', 'string'),
                                                                      '0000'
                                                                    )
                                                                  )
                                                                )
                                                                AND (
                                                                  TRY_CAST(
                                                                    try_variant_get(_x6['v'], '$', 'string') AS timestamp
                                                                  ) IS NOT NULL
                                                                )
                                                              ) THEN 5
                                                              ELSE 6
                                                            END
                                                          END
                                                        ),
                                                        1
                                                      )
                                                    END
                                                  ),
                                                  _x7 -> named_struct(
                                                    'd', _x6['d'], 'k',
                                                    CASE
                                                      WHEN startswith(_x6['sv'], 'OBJECT<') THEN 1
                                                      WHEN (_x6['sv'] RLIKE '^(ARRAY<)+VOID>+$') THEN 2
                                                      WHEN startswith(_x6['sv'], 'ARRAY<') THEN 3
                                                      ELSE 0
                                                    END,
                                                    't', _x7, 'x', 0, 'e',
                                                    (size(split(_x6['sv'], 'ARRAY<')) - 1)
                                                  )
                                                ),
                                                1
                                              )
                                            )
                                          ),
                                          _x6 -> element_at(
                                            transform(
                                              array(
                                                named_struct(
                                                  'prim', exists(_x6, _x7 -> (_x7['k'] = 0)), 'rec',
                                                  exists(_x6, _x7 -> (_x7['k'] = 1)), 'deep',
                                                  exists(_x6, _x7 -> (_x7['k'] = 3)), 'lo',
                                                  array_min(
                                                    transform(
                                                      filter(_x6, _x7 -> (_x7['k'] <= 1)), _x7 -> _x7['d']
                                                    )
                                                  ),
                                                  'hi',
                                                  array_max(
                                                    transform(
                                                      filter(_x6, _x7 -> (_x7['k'] <= 1)), _x7 -> _x7['d']
                                                    )
                                                  ),
                                                  'e',
                                                  array_max(
                                                    transform(
                                                      filter(_x6, _x7 -> (_x7['k'] = 2)),
                                                      _x7 -> (_x7['d'] + _x7['e'])
                                                    )
                                                  ),
                                                  'mask',
                                                  aggregate(
                                                    filter(_x6, _x7 -> (_x7['k'] <= 1)), 0,
                                                    (_acc7, _x7) -> (_acc7 | shiftleft(1, _x7['t']))
                                                  ),
                                                  'exact',
                                                  aggregate(
                                                    filter(_x6, _x7 -> (_x7['k'] <= 1)), 127,
                                                    (_acc7, _x7) -> (_acc7 & _x7['x'])
                                                  )
                                                )
                                              ),
                                              _x7 -> CASE
                                                WHEN ((_x5 IS NULL) OR is_variant_null(_x5)) THEN 'null'
                                                WHEN (
                                                  (
                                                    NOT (
                                                      (_x7['rec'] AND (NOT _x7['prim']))
                                                      AND (
                                                        NOT (
                                                          (
                                                            (_x7['prim'] AND _x7['rec'])
                                                            OR (_x7['lo'] != _x7['hi'])
                                                          )
                                                          OR coalesce((_x7['e'] > _x7['hi']), FALSE)
                                                        )
                                                      )
                                                    )
                                                  )
                                                  AND CASE
                                                    WHEN `__widen_hd` THEN (
                                                      schema_of_variant(_x5) RLIKE '(^|<|: )(DOUBLE|VARIANT)(>|,|$)'
                                                    )
                                                    ELSE (schema_of_variant(_x5) RLIKE '(^|<|: )DOUBLE(>|,|$)')
                                                  END
                                                ) THEN 'deep'
                                                WHEN ((NOT _x7['prim']) AND (NOT _x7['rec'])) THEN CASE
                                                  WHEN _x7['deep'] THEN 'deep'
                                                  ELSE 'empty'
                                                END
                                                WHEN (
                                                  (
                                                    ((_x7['prim'] AND _x7['rec']) OR (_x7['lo'] != _x7['hi']))
                                                    OR coalesce((_x7['e'] > _x7['hi']), FALSE)
                                                  )
                                                  OR _x7['deep']
                                                ) THEN element_at(
                                                  array(
                                                    'boolean', 'long', 'double', 'decimal', 'date',
                                                    'timestamp', 'string'
                                                  ),
                                                  7
                                                )
                                                WHEN (
                                                  (_x7['rec'] AND (_x7['hi'] = 0))
                                                  AND (
                                                    size(
                                                      array_remove(
                                                        map_keys(
                                                          try_variant_get(_x5, '$', 'map<string,variant>')
                                                        ),
                                                        ''
                                                      )
                                                    ) = 0
                                                  )
                                                ) THEN 'empty'
                                                WHEN _x7['rec'] THEN concat('record', repeat('[]', _x7['hi']))
                                                ELSE concat(
                                                  CASE
                                                    WHEN (_x7['hi'] = 0) THEN element_at(
                                                      array(
                                                        'boolean', 'long', 'double', 'decimal', 'date',
                                                        'timestamp', 'string'
                                                      ),
                                                      (element_at(_x6, 1)['t'] + 1)
                                                    )
                                                    ELSE 'array'
                                                  END,
                                                  repeat('[]', _x7['hi'])
                                                )
                                              END
                                            ),
                                            1
                                          )
                                        ),
                                        1
                                      )
                                    )
                                  ),
                                  _x5 -> element_at(
                                    transform(
                                      array(
                                        named_struct(
                                          'as_string',
                                          transform(
                                            array(named_struct('v', _x4['x'], 's', _x5[0])),
                                            _x6 -> CASE
                                              WHEN (_x6['s'] = 'boolean') THEN CAST(
                                                try_variant_get(_x6['v'], '$', 'boolean') AS string
                                              )
                                              WHEN (_x6['s'] = 'long') THEN CAST(
                                                try_variant_get(_x6['v'], '$', 'bigint') AS string
                                              )
                                              WHEN (_x6['s'] = 'double') THEN element_at(
                                                transform(
                                                  array(
                                                    (
                                                      try_variant_get(_x6['v'], '$', 'double') + CAST(
                                                        0.0D AS double
                                                      )
                                                    )
                                                  ),
                                                  _x7 -> CASE
                                                    WHEN isnan(_x7) THEN 'NaN'
                                                    WHEN (_x7 = CAST('Infinity' AS DOUBLE)) THEN 'Infinity'
                                                    WHEN (_x7 = CAST('-Infinity' AS DOUBLE)) THEN '-Infinity'
                                                    ELSE element_at(
                                                      transform(
                                                        array(
                                                          CASE
                                                            WHEN (
                                                              TRY_CAST(format_string('%.0e', _x7) AS double) = _x7
                                                            ) THEN format_string('%.0e', _x7)
                                                            WHEN (
                                                              TRY_CAST(format_string('%.1e', _x7) AS double) = _x7
                                                            ) THEN format_string('%.1e', _x7)
                                                            WHEN (
                                                              TRY_CAST(format_string('%.2e', _x7) AS double) = _x7
                                                            ) THEN format_string('%.2e', _x7)
                                                            WHEN (
                                                              TRY_CAST(format_string('%.3e', _x7) AS double) = _x7
                                                            ) THEN format_string('%.3e', _x7)
                                                            WHEN (
                                                              TRY_CAST(format_string('%.4e', _x7) AS double) = _x7
                                                            ) THEN format_string('%.4e', _x7)
                                                            WHEN (
                                                              TRY_CAST(format_string('%.5e', _x7) AS double) = _x7
                                                            ) THEN format_string('%.5e', _x7)
                                                            WHEN (
                                                              TRY_CAST(format_string('%.6e', _x7) AS double) = _x7
                                                            ) THEN format_string('%.6e', _x7)
                                                            WHEN (
                                                              TRY_CAST(format_string('%.7e', _x7) AS double) = _x7
                                                            ) THEN format_string('%.7e', _x7)
                                                            WHEN (
                                                              TRY_CAST(format_string('%.8e', _x7) AS double) = _x7
                                                            ) THEN format_string('%.8e', _x7)
                                                            WHEN (
                                                              TRY_CAST(format_string('%.9e', _x7) AS double) = _x7
                                                            ) THEN format_string('%.9e', _x7)
                                                            WHEN (
                                                              TRY_CAST(format_string('%.10e', _x7) AS double) = _x7
                                                            ) THEN format_string('%.10e', _x7)
                                                            WHEN (
                                                              TRY_CAST(format_string('%.11e', _x7) AS double) = _x7
                                                            ) THEN format_string('%.11e', _x7)
                                                            WHEN (
                                                              TRY_CAST(format_string('%.12e', _x7) AS double) = _x7
                                                            ) THEN format_string('%.12e', _x7)
                                                            WHEN (
                                                              TRY_CAST(format_string('%.13e', _x7) AS double) = _x7
                                                            ) THEN format_string('%.13e', _x7)
                                                            WHEN (
                                                              TRY_CAST(format_string('%.14e', _x7) AS double) = _x7
                                                            ) THEN format_string('%.14e', _x7)
                                                            WHEN (
                                                              TRY_CAST(format_string('%.15e', _x7) AS double) = _x7
                                                            ) THEN format_string('%.15e', _x7)
                                                            WHEN (
                                                              TRY_CAST(format_string('%.16e', _x7) AS double) = _x7
                                                            ) THEN format_string('%.16e', _x7)
                                                            ELSE format_string('%.16e', _x7)
                                                          END
                                                        ),
                                                        _x8 -> CASE
                                                          WHEN (_x7 IS NULL) THEN NULL
                                                          WHEN (_x7 = 0) THEN CASE
                                                            WHEN startswith(format_string('%s', _x7), '-') THEN '-0.0'
                                                            ELSE '0.0'
                                                          END
                                                          ELSE concat(
                                                            CASE
                                                              WHEN startswith(_x8, '-') THEN '-'
                                                              ELSE ''
                                                            END,
                                                            CASE
                                                              WHEN (
                                                                (abs(_x7) >= 0.001D)
                                                                AND (abs(_x7) < 10000000.0D)
                                                              ) THEN CASE
                                                                WHEN (
                                                                  (
                                                                    CAST(
                                                                      regexp_extract(
                                                                        regexp_replace(_x8, '^-', ''),
                                                                        'e([+-][0-9]+)$', 1
                                                                      ) AS int
                                                                    ) + 1
                                                                  ) <= 0
                                                                ) THEN concat(
                                                                  '0.',
                                                                  repeat(
                                                                    '0',
                                                                    (
                                                                      - (
                                                                        CAST(
                                                                          regexp_extract(
                                                                            regexp_replace(_x8, '^-', ''),
                                                                            'e([+-][0-9]+)$', 1
                                                                          ) AS int
                                                                        ) + 1
                                                                      )
                                                                    )
                                                                  ),
                                                                  CASE
                                                                    WHEN (
                                                                      regexp_replace(
                                                                        regexp_replace(
                                                                          regexp_extract(
                                                                            regexp_replace(_x8, '^-', ''),
                                                                            '^([0-9.]+)e', 1
                                                                          ),
                                                                          '\\.', ''
                                                                        ),
                                                                        '0+$', ''
                                                                      ) = ''
                                                                    ) THEN '0'
                                                                    ELSE regexp_replace(
                                                                      regexp_replace(
                                                                        regexp_extract(
                                                                          regexp_replace(_x8, '^-', ''),
                                                                          '^([0-9.]+)e', 1
                                                                        ),
                                                                        '\\.', ''
                                                                      ),
                                                                      '0+$', ''
                                                                    )
                                                                  END
                                                                )
                                                                WHEN (
                                                                  (
                                                                    CAST(
                                                                      regexp_extract(
                                                                        regexp_replace(_x8, '^-', ''),
                                                                        'e([+-][0-9]+)$', 1
                                                                      ) AS int
                                                                    ) + 1
                                                                  ) >= length(
                                                                    CASE
                                                                      WHEN (
                                                                        regexp_replace(
                                                                          regexp_replace(
                                                                            regexp_extract(
                                                                              regexp_replace(_x8, '^-', ''),
                                                                              '^([0-9.]+)e', 1
                                                                            ),
                                                                            '\\.', ''
                                                                          ),
                                                                          '0+$', ''
                                                                        ) = ''
                                                                      ) THEN '0'
                                                                      ELSE regexp_replace(
                                                                        regexp_replace(
                                                                          regexp_extract(
                                                                            regexp_replace(_x8, '^-', ''),
                                                                            '^([0-9.]+)e', 1
                                                                          ),
                                                                          '\\.', ''
                                                                        ),
                                                                        '0+$', ''
                                                                      )
                                                                    END
                                                                  )
                                                                ) THEN concat(
                                                                  CASE
                                                                    WHEN (
                                                                      regexp_replace(
                                                                        regexp_replace(
                                                                          regexp_extract(
                                                                            regexp_replace(_x8, '^-', ''),
                                                                            '^([0-9.]+)e', 1
                                                                          ),
                                                                          '\\.', ''
                                                                        ),
                                                                        '0+$', ''
                                                                      ) = ''
                                                                    ) THEN '0'
                                                                    ELSE regexp_replace(
                                                                      regexp_replace(
                                                                        regexp_extract(
                                                                          regexp_replace(_x8, '^-', ''),
                                                                          '^([0-9.]+)e', 1
                                                                        ),
                                                                        '\\.', ''
                                                                      ),
                                                                      '0+$', ''
                                                                    )
                                                                  END,
                                                                  repeat(
                                                                    '0',
                                                                    (
                                                                      (
                                                                        CAST(
                                                                          regexp_extract(
                                                                            regexp_replace(_x8, '^-', ''),
                                                                            'e([+-][0-9]+)$', 1
                                                                          ) AS int
                                                                        ) + 1
                                                                      ) - length(
                                                                        CASE
                                                                          WHEN (
                                                                            regexp_replace(
                                                                              regexp_replace(
                                                                                regexp_extract(
                                                                                  regexp_replace(
                                                                                    _x8, '^-', ''
                                                                                  ),
                                                                                  '^([0-9.]+)e', 1
                                                                                ),
                                                                                '\\.', ''
                                                                              ),
                                                                              '0+$', ''
                                                                            ) = ''
                                                                          ) THEN '0'
                                                                          ELSE regexp_replace(
                                                                            regexp_replace(
                                                                              regexp_extract(
                                                                                regexp_replace(_x8, '^-', ''),
                                                                                '^([0-9.]+)e', 1
                                                                              ),
                                                                              '\\.', ''
                                                                            ),
                                                                            '0+$', ''
                                                                          )
                                                                        END
                                                                      )
                                                                    )
                                                                  ),
                                                                  '.0'
                                                                )
                                                                ELSE concat(
                                                                  substr(
                                                                    CASE
                                                                      WHEN (
                                                                        regexp_replace(
                                                                          regexp_replace(
                                                                            regexp_extract(
                                                                              regexp_replace(_x8, '^-', ''),
                                                                              '^([0-9.]+)e', 1
                                                                            ),
                                                                            '\\.', ''
                                                                          ),
                                                                          '0+$', ''
                                                                        ) = ''
                                                                      ) THEN '0'
                                                                      ELSE regexp_replace(
                                                                        regexp_replace(
                                                                          regexp_extract(
                                                                            regexp_replace(_x8, '^-', ''),
                                                                            '^([0-9.]+)e', 1
                                                                          ),
                                                                          '\\.', ''
                                                                        ),
                                                                        '0+$', ''
                                                                      )
                                                                    END,
                                                                    1,
                                                                    (
                                                                      CAST(
                                                                        regexp_extract(
                                                                          regexp_replace(_x8, '^-', ''),
                                                                          'e([+-][0-9]+)$', 1
                                                                        ) AS int
                                                                      ) + 1
                                                                    )
                                                                  ),
                                                                  '.',
                                                                  substr(
                                                                    CASE
                                                                      WHEN (
                                                                        regexp_replace(
                                                                          regexp_replace(
                                                                            regexp_extract(
                                                                              regexp_replace(_x8, '^-', ''),
                                                                              '^([0-9.]+)e', 1
                                                                            ),
                                                                            '\\.', ''
                                                                          ),
                                                                          '0+$', ''
                                                                        ) = ''
                                                                      ) THEN '0'
                                                                      ELSE regexp_replace(
                                                                        regexp_replace(
                                                                          regexp_extract(
                                                                            regexp_replace(_x8, '^-', ''),
                                                                            '^([0-9.]+)e', 1
                                                                          ),
                                                                          '\\.', ''
                                                                        ),
                                                                        '0+$', ''
                                                                      )
                                                                    END,
                                                                    (
                                                                      (
                                                                        CAST(
                                                                          regexp_extract(
                                                                            regexp_replace(_x8, '^-', ''),
                                                                            'e([+-][0-9]+)$', 1
                                                                          ) AS int
                                                                        ) + 1
                                                                      ) + 1
                                                                    ),
                                                                    (
                                                                      length(
                                                                        CASE
                                                                          WHEN (
                                                                            regexp_replace(
                                                                              regexp_replace(
                                                                                regexp_extract(
                                                                                  regexp_replace(
                                                                                    _x8, '^-', ''
                                                                                  ),
                                                                                  '^([0-9.]+)e', 1
                                                                                ),
                                                                                '\\.', ''
                                                                              ),
                                                                              '0+$', ''
                                                                            ) = ''
                                                                          ) THEN '0'
                                                                          ELSE regexp_replace(
                                                                            regexp_replace(
                                                                              regexp_extract(
                                                                                regexp_replace(_x8, '^-', ''),
                                                                                '^([0-9.]+)e', 1
                                                                              ),
                                                                              '\\.', ''
                                                                            ),
                                                                            '0+$', ''
                                                                          )
                                                                        END
                                                                      ) - (
                                                                        CAST(
                                                                          regexp_extract(
                                                                            regexp_replace(_x8, '^-', ''),
                                                                            'e([+-][0-9]+)$', 1
                                                                          ) AS int
                                                                        ) + 1
                                                                      )
                                                                    )
                                                                  )
                                                                )
                                                              END
                                                              ELSE concat(
                                                                substr(
                                                                  CASE
                                                                    WHEN (
                                                                      regexp_replace(
                                                                        regexp_replace(
                                                                          regexp_extract(
                                                                            regexp_replace(_x8, '^-', ''),
                                                                            '^([0-9.]+)e', 1
                                                                          ),
                                                                          '\\.', ''
                                                                        ),
                                                                        '0+$', ''
                                                                      ) = ''
                                                                    ) THEN '0'
                                                                    ELSE regexp_replace(
                                                                      regexp_replace(
                                                                        regexp_extract(
                                                                          regexp_replace(_x8, '^-', ''),
                                                                          '^([0-9.]+)e', 1
                                                                        ),
                                                                        '\\.', ''
                                                                      ),
                                                                      '0+$', ''
                                                                    )
                                                                  END,
                                                                  1, 1
                                                                ),
                                                                '.',
                                                                CASE
                                                                  WHEN (
                                                                    length(
                                                                      CASE
                                                                        WHEN (
                                                                          regexp_replace(
                                                                            regexp_replace(
                                                                              regexp_extract(
                                                                                regexp_replace(_x8, '^-', ''),
                                                                                '^([0-9.]+)e', 1
                                                                              ),
                                                                              '\\.', ''
                                                                            ),
                                                                            '0+$', ''
                                                                          ) = ''
                                                                        ) THEN '0'
                                                                        ELSE regexp_replace(
                                                                          regexp_replace(
                                                                            regexp_extract(
                                                                              regexp_replace(_x8, '^-', ''),
                                                                              '^([0-9.]+)e', 1
                                                                            ),
                                                                            '\\.', ''
                                                                          ),
                                                                          '0+$', ''
                                                                        )
                                                                      END
                                                                    ) > 1
                                                                  ) THEN substr(
                                                                    CASE
                                                                      WHEN (
                                                                        regexp_replace(
                                                                          regexp_replace(
                                                                            regexp_extract(
                                                                              regexp_replace(_x8, '^-', ''),
                                                                              '^([0-9.]+)e', 1
                                                                            ),
                                                                            '\\.', ''
                                                                          ),
                                                                          '0+$', ''
                                                                        ) = ''
                                                                      ) THEN '0'
                                                                      ELSE regexp_replace(
                                                                        regexp_replace(
                                                                          regexp_extract(
                                                                            regexp_replace(_x8, '^-', ''),
                                                                            '^([0-9.]+)e', 1
                                                                          ),
                                                                          '\\.', ''
                                                                        ),
                                                                        '0+$', ''
                                                                      )
                                                                    END,
                                                                    2,
                                                                    length(
                                                                      CASE
                                                                        WHEN (
                                                                          regexp_replace(
                                                                            regexp_replace(
                                                                              regexp_extract(
                                                                                regexp_replace(_x8, '^-', ''),
                                                                                '^([0-9.]+)e', 1
                                                                              ),
                                                                              '\\.', ''
                                                                            ),
                                                                            '0+$', ''
                                                                          ) = ''
                                                                        ) THEN '0'
                                                                        ELSE regexp_replace(
                                                                          regexp_replace(
                                                                            regexp_extract(
                                                                              regexp_replace(_x8, '^-', ''),
                                                                              '^([0-9.]+)e', 1
                                                                            ),
                                                                            '\\.', ''
                                                                          ),
                                                                          '0+$', ''
                                                                        )
                                                                      END
                                                                    )
                                                                  )
                                                                  ELSE '0'
                                                                END,
                                                                'E',
                                                                CAST(
                                                                  CAST(
                                                                    regexp_extract(
                                                                      regexp_replace(_x8, '^-', ''),
                                                                      'e([+-][0-9]+)$', 1
                                                                    ) AS int
                                                                  ) AS string
                                                                )
                                                              )
                                                            END
                                                          )
                                                        END
                                                      ),
                                                      1
                                                    )
                                                  END
                                                ),
                                                1
                                              )
                                              WHEN (_x6['s'] = 'decimal') THEN CASE
                                                WHEN (
                                                  try_variant_get(_x6['v'], '$', 'decimal(38,0)') IS NOT NULL
                                                ) THEN to_json(_x6['v'])
                                              END
                                              WHEN (_x6['s'] = 'date') THEN date_format(
                                                try_to_date(
                                                  try_variant_get(_x6['v'], '$', 'string'), 'yyyy-MM-dd'
                                                ),
                                                'yyyy-MM-dd'
                                              )
                                              WHEN (_x6['s'] = 'timestamp') THEN element_at(
                                                transform(
                                                  array(
                                                    TRY_CAST(
                                                      try_variant_get(_x6['v'], '$', 'string') AS timestamp
                                                    )
                                                  ),
                                                  _x7 -> CASE
                                                    WHEN (_x7 IS NULL) THEN NULL
                                                    ELSE concat(
                                                      date_format(_x7, 'yyyy-MM-dd\'T\'HH:mm:ss'),
                                                      CASE
                                                        WHEN (pmod(unix_micros(_x7), 1000000) = 0) THEN ''
                                                        ELSE concat(
                                                          '.',
                                                          lpad(
                                                            CAST(pmod(unix_micros(_x7), 1000000) AS string),
                                                            6, '0'
                                                          )
                                                        )
                                                      END,
                                                      'Z'
                                                    )
                                                  END
                                                ),
                                                1
                                              )
                                              WHEN (_x6['s'] = 'string') THEN CASE
                                                WHEN (schema_of_variant(_x6['v']) = 'STRING') THEN try_variant_get(
                                                  _x6['v'], '$', 'string'
                                                )
                                                WHEN (NOT is_variant_null(_x6['v'])) THEN to_json(_x6['v'])
                                              END
                                            END
                                          )
                                        )
                                      ),
                                      _x6 -> element_at(
                                        transform(
                                          array(
                                            named_struct(
                                              'x',
                                              CAST(
                                                CASE WHEN (_x5[0] IN ('string')) THEN _x6['as_string'][0] END AS STRING
                                              )
                                            )
                                          ),
                                          _x7 -> named_struct(
                                            'x', _x7['x'], '__lost',
                                            coalesce(
                                              (
                                                exists(
                                                  map_entries(_x4),
                                                  _x8 -> (
                                                    (NOT (_x8['key'] IN ('x', '')))
                                                    AND (
                                                      regexp_replace(
                                                        regexp_replace(
                                                          to_json(_x8['value']),
                                                          '"":\\s*(?:"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"|[^,}\\]\\[{]+)',
                                                          ''
                                                        ),
                                                        '"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"\\s*:', ''
                                                      ) RLIKE '"|[0-9]|true|false'
                                                    )
                                                  )
                                                )
                                                OR (
                                                  (
                                                    (NOT (_x5[0] IN ('null', 'empty')))
                                                    AND (NOT (_x7['x'] IS NOT NULL))
                                                  )
                                                  AND (
                                                    regexp_replace(
                                                      regexp_replace(
                                                        to_json(_x4['x']),
                                                        '"":\\s*(?:"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"|[^,}\\]\\[{]+)',
                                                        ''
                                                      ),
                                                      '"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"\\s*:', ''
                                                    ) RLIKE '"|[0-9]|true|false'
                                                  )
                                                )
                                              ),
                                              FALSE
                                            )
                                          )
                                        ),
                                        1
                                      )
                                    ),
                                    1
                                  )
                                ),
                                1
                              )
                            ),
                            1
                          )
                        END
                      ),
                      'b_array2_record',
                      transform(
                        CASE
                          WHEN (_x2[0] = 'record[][]') THEN try_variant_get(
                            _x1['b'], '$', 'array<array<variant>>'
                          )
                        END,
                        _x3 -> transform(
                          _x3,
                          _x4 -> CASE
                            WHEN coalesce(startswith(schema_of_variant(_x4), 'OBJECT<'), FALSE) THEN element_at(
                              transform(
                                array(try_variant_get(_x4, '$', 'map<string,variant>')),
                                _x5 -> element_at(
                                  transform(
                                    array(
                                      transform(
                                        array(_x5['y']),
                                        _x6 -> element_at(
                                          transform(
                                            array(
                                              transform(
                                                flatten(
                                                  transform(
                                                    array(
                                                      named_struct(
                                                        'd', 0, 'v', _x6, 'sv', schema_of_variant(_x6)
                                                      )
                                                    ),
                                                    _x7 -> CASE
                                                      WHEN (
                                                        startswith(_x7['sv'], 'ARRAY<')
                                                        AND (NOT (_x7['sv'] RLIKE '^(ARRAY<)+VOID>+$'))
                                                      ) THEN transform(
                                                        filter(
                                                          try_variant_get(_x7['v'], '$', 'array<variant>'),
                                                          _x8 -> (NOT is_variant_null(_x8))
                                                        ),
                                                        _x8 -> named_struct(
                                                          'd', (_x7['d'] + 1), 'v', _x8, 'sv',
                                                          schema_of_variant(_x8)
                                                        )
                                                      )
                                                      ELSE array(_x7)
                                                    END
                                                  )
                                                ),
                                                _x7 -> element_at(
                                                  transform(
                                                    array(
                                                      CASE
                                                        WHEN (
                                                          (NOT startswith(_x7['sv'], 'OBJECT<'))
                                                          AND (NOT startswith(_x7['sv'], 'ARRAY<'))
                                                        ) THEN element_at(
                                                          transform(
                                                            array(
                                                              CASE
                                                                WHEN (
                                                                  (_x7['v'] IS NULL) OR (_x7['sv'] = 'VOID')
                                                                ) THEN 'null'
                                                                WHEN (_x7['sv'] = 'BOOLEAN') THEN 'boolean'
                                                                WHEN (_x7['sv'] = 'BIGINT') THEN 'integer'
                                                                WHEN startswith(_x7['sv'], 'DECIMAL(') THEN CASE
                                                                  WHEN (
                                                                    (
                                                                      regexp_extract(
                                                                        _x7['sv'],
                                                                        '^DECIMAL\\(\\d+,(\\d+)\\)$', 1
                                                                      ) = '0'
                                                                    )
                                                                    AND (
                                                                      try_variant_get(_x7['v'], '$', 'bigint') IS NULL
                                                                    )
                                                                  ) THEN 'integer'
                                                                  ELSE 'fraction'
                                                                END
                                                                WHEN (_x7['sv'] = 'DOUBLE') THEN 'fraction'
                                                                WHEN (_x7['sv'] = 'STRING') THEN 'string'
                                                                WHEN startswith(_x7['sv'], 'ARRAY<') THEN 'array'
                                                                WHEN startswith(_x7['sv'], 'OBJECT<') THEN 'object'
                                                                ELSE 'other'
                                                              END
                                                            ),
                                                            _x8 -> CASE
                                                              WHEN (_x8 = 'boolean') THEN 0
                                                              WHEN (_x8 = 'integer') THEN CASE
                                                                WHEN (
                                                                  (
                                                                    try_variant_get(_x7['v'], '$', 'bigint') IS NOT NULL
                                                                  )
                                                                  AND (
                                                                    TRY_CAST(
                                                                      try_variant_get(_x7['v'], '$', 'bigint') AS decimal(
                                                                        38, 0
                                                                      )
                                                                    ) = try_variant_get(
                                                                      _x7['v'], '$', 'decimal(38,0)'
                                                                    )
                                                                  )
                                                                ) THEN 1
                                                                WHEN (
                                                                  (
                                                                    try_variant_get(
                                                                      _x7['v'], '$', 'decimal(38,0)'
                                                                    ) IS NOT NULL
                                                                  )
                                                                  AND (
                                                                    TRY_CAST(
                                                                      try_variant_get(
                                                                        _x7['v'], '$', 'decimal(38,0)'
                                                                      ) AS decimal(38,0)
                                                                    ) = try_variant_get(
                                                                      _x7['v'], '$', 'decimal(38,0)'
                                                                    )
                                                                  )
                                                                ) THEN 3
                                                                ELSE 6
                                                              END
                                                              WHEN (_x8 = 'fraction') THEN CASE
                                                                WHEN (
                                                                  (
                                                                    (
                                                                      (
                                                                        try_variant_get(
                                                                          _x7['v'], '$', 'double'
                                                                        ) IS NOT NULL
                                                                      )
                                                                      AND (
                                                                        NOT isnan(
                                                                          try_variant_get(
                                                                            _x7['v'], '$', 'double'
                                                                          )
                                                                        )
                                                                      )
                                                                    )
                                                                    AND (
                                                                      abs(
                                                                        try_variant_get(
                                                                          _x7['v'], '$', 'double'
                                                                        )
                                                                      ) < CAST('Infinity' AS DOUBLE)
                                                                    )
                                                                  )
                                                                  AND CASE
                                                                    WHEN (_x7['sv'] = 'DOUBLE') THEN TRUE
                                                                    ELSE (
                                                                      regexp_replace(
                                                                        regexp_replace(
                                                                          regexp_replace(
                                                                            regexp_replace(
                                                                              CAST(
                                                                                try_variant_get(
                                                                                  _x7['v'], '$', 'double'
                                                                                ) AS string
                                                                              ),
                                                                              '[eE].*$', ''
                                                                            ),
                                                                            '^-', ''
                                                                          ),
                                                                          '\\.', ''
                                                                        ),
                                                                        '^0+|0+$', ''
                                                                      ) = regexp_replace(
                                                                        regexp_replace(
                                                                          regexp_replace(
                                                                            regexp_replace(
                                                                              to_json(_x7['v']), '[eE].*$', ''
                                                                            ),
                                                                            '^-', ''
                                                                          ),
                                                                          '\\.', ''
                                                                        ),
                                                                        '^0+|0+$', ''
                                                                      )
                                                                    )
                                                                  END
                                                                ) THEN 2
                                                                ELSE 6
                                                              END
                                                              WHEN (_x8 = 'string') THEN CASE
                                                                WHEN (
                                                                  (
                                                                    (
                                                                      try_variant_get(_x7['v'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                                                    )
                                                                    AND (
                                                                      NOT startswith(
                                                                        try_variant_get(
                                                                          _x7['v'], '$', 'string'
                                                                        ),
                                                                        '0000'
                                                                      )
                                                                    )
                                                                  )
                                                                  AND (
                                                                    try_to_date(
                                                                      try_variant_get(_x7['v'], '$', 'string'),
                                                                      'yyyy-MM-dd'
                                                                    ) IS NOT NULL
                                                                  )
                                                                ) THEN 4
                                                                WHEN (
                                                                  (
                                                                    (
                                                                      try_variant_get(_x7['v'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                                                                    )
                                                                    AND (
                                                                      NOT startswith(
                                                                        try_variant_get(
                                                                          _x7['v'], '$', 'string'
                                                                        ),
                                                                        '0000'
                                                                      )
                                                                    )
                                                                  )
                                                                  AND (
                                                                    TRY_CAST(
                                                                      try_variant_get(_x7['v'], '$', 'string') AS timestamp
                                                                    ) IS NOT NULL
                                                                  )
                                                                ) THEN 5
                                                                ELSE 6
                                                              END
                                                            END
                                                          ),
                                                          1
                                                        )
                                                      END
                                                    ),
                                                    _x8 -> named_struct(
                                                      'd', _x7['d'], 'k',
                                                      CASE
                                                        WHEN startswith(_x7['sv'], 'OBJECT<') THEN 1
                                                        WHEN (_x7['sv'] RLIKE '^(ARRAY<)+VOID>+$') THEN 2
                                                        WHEN startswith(_x7['sv'], 'ARRAY<') THEN 3
                                                        ELSE 0
                                                      END,
                                                      't', _x8, 'x', 0, 'e',
                                                      (size(split(_x7['sv'], 'ARRAY<')) - 1)
                                                    )
                                                  ),
                                                  1
                                                )
                                              )
                                            ),
                                            _x7 -> element_at(
                                              transform(
                                                array(
                                                  named_struct(
                                                    'prim', exists(_x7, _x8 -> (_x8['k'] = 0)), 'rec',
                                                    exists(_x7, _x8 -> (_x8['k'] = 1)), 'deep',
                                                    exists(_x7, _x8 -> (_x8['k'] = 3)), 'lo',
                                                    array_min(
                                                      transform(
                                                        filter(_x7, _x8 -> (_x8['k'] <= 1)), _x8 -> _x8['d']
                                                      )
                                                    ),
                                                    'hi',
                                                    array_max(
                                                      transform(
                                                        filter(_x7, _x8 -> (_x8['k'] <= 1)), _x8 -> _x8['d']
                                                      )
                                                    ),
                                                    'e',
                                                    array_max(
                                                      transform(
                                                        filter(_x7, _x8 -> (_x8['k'] = 2)),
                                                        _x8 -> (_x8['d'] + _x8['e'])
                                                      )
                                                    ),
                                                    'mask',
                                                    aggregate(
                                                      filter(_x7, _x8 -> (_x8['k'] <= 1)), 0,
                                                      (_acc8, _x8) -> (_acc8 | shiftleft(1, _x8['t']))
                                                    ),
                                                    'exact',
                                                    aggregate(
                                                      filter(_x7, _x8 -> (_x8['k'] <= 1)), 127,
                                                      (_acc8, _x8) -> (_acc8 & _x8['x'])
                                                    )
                                                  )
                                                ),
                                                _x8 -> CASE
                                                  WHEN ((_x6 IS NULL) OR is_variant_null(_x6)) THEN 'null'
                                                  WHEN (
                                                    (
                                                      NOT (
                                                        (_x8['rec'] AND (NOT _x8['prim']))
                                                        AND (
                                                          NOT (
                                                            (
                                                              (_x8['prim'] AND _x8['rec'])
                                                              OR (_x8['lo'] != _x8['hi'])
                                                            )
                                                            OR coalesce((_x8['e'] > _x8['hi']), FALSE)
                                                          )
                                                        )
                                                      )
                                                    )
                                                    AND CASE
                                                      WHEN `__widen_hd` THEN (
                                                        schema_of_variant(_x6) RLIKE '(^|<|: )(DOUBLE|VARIANT)(>|,|$)'
                                                      )
                                                      ELSE (
                                                        schema_of_variant(_x6) RLIKE '(^|<|: )DOUBLE(>|,|$)'
                                                      )
                                                    END
                                                  ) THEN 'deep'
                                                  WHEN ((NOT _x8['prim']) AND (NOT _x8['rec'])) THEN CASE
                                                    WHEN _x8['deep'] THEN 'deep'
                                                    ELSE 'empty'
                                                  END
                                                  WHEN (
                                                    (
                                                      (
                                                        (_x8['prim'] AND _x8['rec'])
                                                        OR (_x8['lo'] != _x8['hi'])
                                                      )
                                                      OR coalesce((_x8['e'] > _x8['hi']), FALSE)
                                                    )
                                                    OR _x8['deep']
                                                  ) THEN element_at(
                                                    array(
                                                      'boolean', 'long', 'double', 'decimal', 'date',
                                                      'timestamp', 'string'
                                                    ),
                                                    7
                                                  )
                                                  WHEN (
                                                    (_x8['rec'] AND (_x8['hi'] = 0))
                                                    AND (
                                                      size(
                                                        array_remove(
                                                          map_keys(
                                                            try_variant_get(_x6, '$', 'map<string,variant>')
                                                          ),
                                                          ''
                                                        )
                                                      ) = 0
                                                    )
                                                  ) THEN 'empty'
                                                  WHEN _x8['rec'] THEN concat(
                                                    'record', repeat('[]', _x8['hi'])
                                                  )
                                                  ELSE concat(
                                                    CASE
                                                      WHEN (_x8['hi'] = 0) THEN element_at(
                                                        array(
                                                          'boolean', 'long', 'double', 'decimal', 'date',
                                                          'timestamp', 'string'
                                                        ),
                                                        (element_at(_x7, 1)['t'] + 1)
                                                      )
                                                      ELSE 'array'
                                                    END,
                                                    repeat('[]', _x8['hi'])
                                                  )
                                                END
                                              ),
                                              1
                                            )
                                          ),
                                          1
                                        )
                                      )
                                    ),
                                    _x6 -> element_at(
                                      transform(
                                        array(
                                          named_struct(
                                            'as_string',
                                            transform(
                                              array(named_struct('v', _x5['y'], 's', _x6[0])),
                                              _x7 -> CASE
                                                WHEN (_x7['s'] = 'boolean') THEN CAST(
                                                  try_variant_get(_x7['v'], '$', 'boolean') AS string
                                                )
                                                WHEN (_x7['s'] = 'long') THEN CAST(
                                                  try_variant_get(_x7['v'], '$', 'bigint') AS string
                                                )
                                                WHEN (_x7['s'] = 'double') THEN element_at(
                                                  transform(
                                                    array(
                                                      (
                                                        try_variant_get(_x7['v'], '$', 'double') + CAST(
                                                          0.0D AS double
                                                        )
                                                      )
                                                    ),
                                                    _x8 -> CASE
                                                      WHEN isnan(_x8) THEN 'NaN'
                                                      WHEN (_x8 = CAST('Infinity' AS DOUBLE)) THEN 'Infinity'
                                                      WHEN (_x8 = CAST('-Infinity' AS DOUBLE)) THEN '-Infinity'
                                                      ELSE element_at(
                                                        transform(
                                                          array(
                                                            CASE
                                                              WHEN (
                                                                TRY_CAST(format_string('%.0e', _x8) AS double) = _x8
                                                              ) THEN format_string('%.0e', _x8)
                                                              WHEN (
                                                                TRY_CAST(format_string('%.1e', _x8) AS double) = _x8
                                                              ) THEN format_string('%.1e', _x8)
                                                              WHEN (
                                                                TRY_CAST(format_string('%.2e', _x8) AS double) = _x8
                                                              ) THEN format_string('%.2e', _x8)
                                                              WHEN (
                                                                TRY_CAST(format_string('%.3e', _x8) AS double) = _x8
                                                              ) THEN format_string('%.3e', _x8)
                                                              WHEN (
                                                                TRY_CAST(format_string('%.4e', _x8) AS double) = _x8
                                                              ) THEN format_string('%.4e', _x8)
                                                              WHEN (
                                                                TRY_CAST(format_string('%.5e', _x8) AS double) = _x8
                                                              ) THEN format_string('%.5e', _x8)
                                                              WHEN (
                                                                TRY_CAST(format_string('%.6e', _x8) AS double) = _x8
                                                              ) THEN format_string('%.6e', _x8)
                                                              WHEN (
                                                                TRY_CAST(format_string('%.7e', _x8) AS double) = _x8
                                                              ) THEN format_string('%.7e', _x8)
                                                              WHEN (
                                                                TRY_CAST(format_string('%.8e', _x8) AS double) = _x8
                                                              ) THEN format_string('%.8e', _x8)
                                                              WHEN (
                                                                TRY_CAST(format_string('%.9e', _x8) AS double) = _x8
                                                              ) THEN format_string('%.9e', _x8)
                                                              WHEN (
                                                                TRY_CAST(
                                                                  format_string('%.10e', _x8) AS double
                                                                ) = _x8
                                                              ) THEN format_string('%.10e', _x8)
                                                              WHEN (
                                                                TRY_CAST(
                                                                  format_string('%.11e', _x8) AS double
                                                                ) = _x8
                                                              ) THEN format_string('%.11e', _x8)
                                                              WHEN (
                                                                TRY_CAST(
                                                                  format_string('%.12e', _x8) AS double
                                                                ) = _x8
                                                              ) THEN format_string('%.12e', _x8)
                                                              WHEN (
                                                                TRY_CAST(
                                                                  format_string('%.13e', _x8) AS double
                                                                ) = _x8
                                                              ) THEN format_string('%.13e', _x8)
                                                              WHEN (
                                                                TRY_CAST(
                                                                  format_string('%.14e', _x8) AS double
                                                                ) = _x8
                                                              ) THEN format_string('%.14e', _x8)
                                                              WHEN (
                                                                TRY_CAST(
                                                                  format_string('%.15e', _x8) AS double
                                                                ) = _x8
                                                              ) THEN format_string('%.15e', _x8)
                                                              WHEN (
                                                                TRY_CAST(
                                                                  format_string('%.16e', _x8) AS double
                                                                ) = _x8
                                                              ) THEN format_string('%.16e', _x8)
                                                              ELSE format_string('%.16e', _x8)
                                                            END
                                                          ),
                                                          _x9 -> CASE
                                                            WHEN (_x8 IS NULL) THEN NULL
                                                            WHEN (_x8 = 0) THEN CASE
                                                              WHEN startswith(format_string('%s', _x8), '-') THEN '-0.0'
                                                              ELSE '0.0'
                                                            END
                                                            ELSE concat(
                                                              CASE
                                                                WHEN startswith(_x9, '-') THEN '-'
                                                                ELSE ''
                                                              END,
                                                              CASE
                                                                WHEN (
                                                                  (abs(_x8) >= 0.001D)
                                                                  AND (abs(_x8) < 10000000.0D)
                                                                ) THEN CASE
                                                                  WHEN (
                                                                    (
                                                                      CAST(
                                                                        regexp_extract(
                                                                          regexp_replace(_x9, '^-', ''),
                                                                          'e([+-][0-9]+)$', 1
                                                                        ) AS int
                                                                      ) + 1
                                                                    ) <= 0
                                                                  ) THEN concat(
                                                                    '0.',
                                                                    repeat(
                                                                      '0',
                                                                      (
                                                                        - (
                                                                          CAST(
                                                                            regexp_extract(
                                                                              regexp_replace(_x9, '^-', ''),
                                                                              'e([+-][0-9]+)$', 1
                                                                            ) AS int
                                                                          ) + 1
                                                                        )
                                                                      )
                                                                    ),
                                                                    CASE
                                                                      WHEN (
                                                                        regexp_replace(
                                                                          regexp_replace(
                                                                            regexp_extract(
                                                                              regexp_replace(_x9, '^-', ''),
                                                                              '^([0-9.]+)e', 1
                                                                            ),
                                                                            '\\.', ''
                                                                          ),
                                                                          '0+$', ''
                                                                        ) = ''
                                                                      ) THEN '0'
                                                                      ELSE regexp_replace(
                                                                        regexp_replace(
                                                                          regexp_extract(
                                                                            regexp_replace(_x9, '^-', ''),
                                                                            '^([0-9.]+)e', 1
                                                                          ),
                                                                          '\\.', ''
                                                                        ),
                                                                        '0+$', ''
                                                                      )
                                                                    END
                                                                  )
                                                                  WHEN (
                                                                    (
                                                                      CAST(
                                                                        regexp_extract(
                                                                          regexp_replace(_x9, '^-', ''),
                                                                          'e([+-][0-9]+)$', 1
                                                                        ) AS int
                                                                      ) + 1
                                                                    ) >= length(
                                                                      CASE
                                                                        WHEN (
                                                                          regexp_replace(
                                                                            regexp_replace(
                                                                              regexp_extract(
                                                                                regexp_replace(_x9, '^-', ''),
                                                                                '^([0-9.]+)e', 1
                                                                              ),
                                                                              '\\.', ''
                                                                            ),
                                                                            '0+$', ''
                                                                          ) = ''
                                                                        ) THEN '0'
                                                                        ELSE regexp_replace(
                                                                          regexp_replace(
                                                                            regexp_extract(
                                                                              regexp_replace(_x9, '^-', ''),
                                                                              '^([0-9.]+)e', 1
                                                                            ),
                                                                            '\\.', ''
                                                                          ),
                                                                          '0+$', ''
                                                                        )
                                                                      END
                                                                    )
                                                                  ) THEN concat(
                                                                    CASE
                                                                      WHEN (
                                                                        regexp_replace(
                                                                          regexp_replace(
                                                                            regexp_extract(
                                                                              regexp_replace(_x9, '^-', ''),
                                                                              '^([0-9.]+)e', 1
                                                                            ),
                                                                            '\\.', ''
                                                                          ),
                                                                          '0+$', ''
                                                                        ) = ''
                                                                      ) THEN '0'
                                                                      ELSE regexp_replace(
                                                                        regexp_replace(
                                                                          regexp_extract(
                                                                            regexp_replace(_x9, '^-', ''),
                                                                            '^([0-9.]+)e', 1
                                                                          ),
                                                                          '\\.', ''
                                                                        ),
                                                                        '0+$', ''
                                                                      )
                                                                    END,
                                                                    repeat(
                                                                      '0',
                                                                      (
                                                                        (
                                                                          CAST(
                                                                            regexp_extract(
                                                                              regexp_replace(_x9, '^-', ''),
                                                                              'e([+-][0-9]+)$', 1
                                                                            ) AS int
                                                                          ) + 1
                                                                        ) - length(
                                                                          CASE
                                                                            WHEN (
                                                                              regexp_replace(
                                                                                regexp_replace(
                                                                                  regexp_extract(
                                                                                    regexp_replace(
                                                                                      _x9, '^-', ''
                                                                                    ),
                                                                                    '^([0-9.]+)e', 1
                                                                                  ),
                                                                                  '\\.', ''
                                                                                ),
                                                                                '0+$', ''
                                                                              ) = ''
                                                                            ) THEN '0'
                                                                            ELSE regexp_replace(
                                                                              regexp_replace(
                                                                                regexp_extract(
                                                                                  regexp_replace(
                                                                                    _x9, '^-', ''
                                                                                  ),
                                                                                  '^([0-9.]+)e', 1
                                                                                ),
                                                                                '\\.', ''
                                                                              ),
                                                                              '0+$', ''
                                                                            )
                                                                          END
                                                                        )
                                                                      )
                                                                    ),
                                                                    '.0'
                                                                  )
                                                                  ELSE concat(
                                                                    substr(
                                                                      CASE
                                                                        WHEN (
                                                                          regexp_replace(
                                                                            regexp_replace(
                                                                              regexp_extract(
                                                                                regexp_replace(_x9, '^-', ''),
                                                                                '^([0-9.]+)e', 1
                                                                              ),
                                                                              '\\.', ''
                                                                            ),
                                                                            '0+$', ''
                                                                          ) = ''
                                                                        ) THEN '0'
                                                                        ELSE regexp_replace(
                                                                          regexp_replace(
                                                                            regexp_extract(
                                                                              regexp_replace(_x9, '^-', ''),
                                                                              '^([0-9.]+)e', 1
                                                                            ),
                                                                            '\\.', ''
                                                                          ),
                                                                          '0+$', ''
                                                                        )
                                                                      END,
                                                                      1,
                                                                      (
                                                                        CAST(
                                                                          regexp_extract(
                                                                            regexp_replace(_x9, '^-', ''),
                                                                            'e([+-][0-9]+)$', 1
                                                                          ) AS int
                                                                        ) + 1
                                                                      )
                                                                    ),
                                                                    '.',
                                                                    substr(
                                                                      CASE
                                                                        WHEN (
                                                                          regexp_replace(
                                                                            regexp_replace(
                                                                              regexp_extract(
                                                                                regexp_replace(_x9, '^-', ''),
                                                                                '^([0-9.]+)e', 1
                                                                              ),
                                                                              '\\.', ''
                                                                            ),
                                                                            '0+$', ''
                                                                          ) = ''
                                                                        ) THEN '0'
                                                                        ELSE regexp_replace(
                                                                          regexp_replace(
                                                                            regexp_extract(
                                                                              regexp_replace(_x9, '^-', ''),
                                                                              '^([0-9.]+)e', 1
                                                                            ),
                                                                            '\\.', ''
                                                                          ),
                                                                          '0+$', ''
                                                                        )
                                                                      END,
                                                                      (
                                                                        (
                                                                          CAST(
                                                                            regexp_extract(
                                                                              regexp_replace(_x9, '^-', ''),
                                                                              'e([+-][0-9]+)$', 1
                                                                            ) AS int
                                                                          ) + 1
                                                                        ) + 1
                                                                      ),
                                                                      (
                                                                        length(
                                                                          CASE
                                                                            WHEN (
                                                                              regexp_replace(
                                                                                regexp_replace(
                                                                                  regexp_extract(
                                                                                    regexp_replace(
                                                                                      _x9, '^-', ''
                                                                                    ),
                                                                                    '^([0-9.]+)e', 1
                                                                                  ),
                                                                                  '\\.', ''
                                                                                ),
                                                                                '0+$', ''
                                                                              ) = ''
                                                                            ) THEN '0'
                                                                            ELSE regexp_replace(
                                                                              regexp_replace(
                                                                                regexp_extract(
                                                                                  regexp_replace(
                                                                                    _x9, '^-', ''
                                                                                  ),
                                                                                  '^([0-9.]+)e', 1
                                                                                ),
                                                                                '\\.', ''
                                                                              ),
                                                                              '0+$', ''
                                                                            )
                                                                          END
                                                                        ) - (
                                                                          CAST(
                                                                            regexp_extract(
                                                                              regexp_replace(_x9, '^-', ''),
                                                                              'e([+-][0-9]+)$', 1
                                                                            ) AS int
                                                                          ) + 1
                                                                        )
                                                                      )
                                                                    )
                                                                  )
                                                                END
                                                                ELSE concat(
                                                                  substr(
                                                                    CASE
                                                                      WHEN (
                                                                        regexp_replace(
                                                                          regexp_replace(
                                                                            regexp_extract(
                                                                              regexp_replace(_x9, '^-', ''),
                                                                              '^([0-9.]+)e', 1
                                                                            ),
                                                                            '\\.', ''
                                                                          ),
                                                                          '0+$', ''
                                                                        ) = ''
                                                                      ) THEN '0'
                                                                      ELSE regexp_replace(
                                                                        regexp_replace(
                                                                          regexp_extract(
                                                                            regexp_replace(_x9, '^-', ''),
                                                                            '^([0-9.]+)e', 1
                                                                          ),
                                                                          '\\.', ''
                                                                        ),
                                                                        '0+$', ''
                                                                      )
                                                                    END,
                                                                    1, 1
                                                                  ),
                                                                  '.',
                                                                  CASE
                                                                    WHEN (
                                                                      length(
                                                                        CASE
                                                                          WHEN (
                                                                            regexp_replace(
                                                                              regexp_replace(
                                                                                regexp_extract(
                                                                                  regexp_replace(
                                                                                    _x9, '^-', ''
                                                                                  ),
                                                                                  '^([0-9.]+)e', 1
                                                                                ),
                                                                                '\\.', ''
                                                                              ),
                                                                              '0+$', ''
                                                                            ) = ''
                                                                          ) THEN '0'
                                                                          ELSE regexp_replace(
                                                                            regexp_replace(
                                                                              regexp_extract(
                                                                                regexp_replace(_x9, '^-', ''),
                                                                                '^([0-9.]+)e', 1
                                                                              ),
                                                                              '\\.', ''
                                                                            ),
                                                                            '0+$', ''
                                                                          )
                                                                        END
                                                                      ) > 1
                                                                    ) THEN substr(
                                                                      CASE
                                                                        WHEN (
                                                                          regexp_replace(
                                                                            regexp_replace(
                                                                              regexp_extract(
                                                                                regexp_replace(_x9, '^-', ''),
                                                                                '^([0-9.]+)e', 1
                                                                              ),
                                                                              '\\.', ''
                                                                            ),
                                                                            '0+$', ''
                                                                          ) = ''
                                                                        ) THEN '0'
                                                                        ELSE regexp_replace(
                                                                          regexp_replace(
                                                                            regexp_extract(
                                                                              regexp_replace(_x9, '^-', ''),
                                                                              '^([0-9.]+)e', 1
                                                                            ),
                                                                            '\\.', ''
                                                                          ),
                                                                          '0+$', ''
                                                                        )
                                                                      END,
                                                                      2,
                                                                      length(
                                                                        CASE
                                                                          WHEN (
                                                                            regexp_replace(
                                                                              regexp_replace(
                                                                                regexp_extract(
                                                                                  regexp_replace(
                                                                                    _x9, '^-', ''
                                                                                  ),
                                                                                  '^([0-9.]+)e', 1
                                                                                ),
                                                                                '\\.', ''
                                                                              ),
                                                                              '0+$', ''
                                                                            ) = ''
                                                                          ) THEN '0'
                                                                          ELSE regexp_replace(
                                                                            regexp_replace(
                                                                              regexp_extract(
                                                                                regexp_replace(_x9, '^-', ''),
                                                                                '^([0-9.]+)e', 1
                                                                              ),
                                                                              '\\.', ''
                                                                            ),
                                                                            '0+$', ''
                                                                          )
                                                                        END
                                                                      )
                                                                    )
                                                                    ELSE '0'
                                                                  END,
                                                                  'E',
                                                                  CAST(
                                                                    CAST(
                                                                      regexp_extract(
                                                                        regexp_replace(_x9, '^-', ''),
                                                                        'e([+-][0-9]+)$', 1
                                                                      ) AS int
                                                                    ) AS string
                                                                  )
                                                                )
                                                              END
                                                            )
                                                          END
                                                        ),
                                                        1
                                                      )
                                                    END
                                                  ),
                                                  1
                                                )
                                                WHEN (_x7['s'] = 'decimal') THEN CASE
                                                  WHEN (
                                                    try_variant_get(_x7['v'], '$', 'decimal(38,0)') IS NOT NULL
                                                  ) THEN to_json(_x7['v'])
                                                END
                                                WHEN (_x7['s'] = 'date') THEN date_format(
                                                  try_to_date(
                                                    try_variant_get(_x7['v'], '$', 'string'), 'yyyy-MM-dd'
                                                  ),
                                                  'yyyy-MM-dd'
                                                )
                                                WHEN (_x7['s'] = 'timestamp') THEN element_at(
                                                  transform(
                                                    array(
                                                      TRY_CAST(
                                                        try_variant_get(_x7['v'], '$', 'string') AS timestamp
                                                      )
                                                    ),
                                                    _x8 -> CASE
                                                      WHEN (_x8 IS NULL) THEN NULL
                                                      ELSE concat(
                                                        date_format(_x8, 'yyyy-MM-dd\'T\'HH:mm:ss'),
                                                        CASE
                                                          WHEN (pmod(unix_micros(_x8), 1000000) = 0) THEN ''
                                                          ELSE concat(
                                                            '.',
                                                            lpad(
                                                              CAST(pmod(unix_micros(_x8), 1000000) AS string),
                                                              6, '0'
                                                            )
                                                          )
                                                        END,
                                                        'Z'
                                                      )
                                                    END
                                                  ),
                                                  1
                                                )
                                                WHEN (_x7['s'] = 'string') THEN CASE
                                                  WHEN (schema_of_variant(_x7['v']) = 'STRING') THEN try_variant_get(
                                                    _x7['v'], '$', 'string'
                                                  )
                                                  WHEN (NOT is_variant_null(_x7['v'])) THEN to_json(_x7['v'])
                                                END
                                              END
                                            )
                                          )
                                        ),
                                        _x7 -> element_at(
                                          transform(
                                            array(
                                              named_struct(
                                                'y',
                                                CAST(
                                                  CASE
                                                    WHEN (_x6[0] IN ('string')) THEN _x7['as_string'][0]
                                                  END AS STRING
                                                )
                                              )
                                            ),
                                            _x8 -> named_struct(
                                              'y', _x8['y'], '__lost',
                                              coalesce(
                                                (
                                                  exists(
                                                    map_entries(_x5),
                                                    _x9 -> (
                                                      (NOT (_x9['key'] IN ('y', '')))
                                                      AND (
                                                        regexp_replace(
                                                          regexp_replace(
                                                            to_json(_x9['value']),
                                                            '"":\\s*(?:"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"|[^,}\\]\\[{]+)',
                                                            ''
                                                          ),
                                                          '"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"\\s*:', ''
                                                        ) RLIKE '"|[0-9]|true|false'
                                                      )
                                                    )
                                                  )
                                                  OR (
                                                    (
                                                      (NOT (_x6[0] IN ('null', 'empty')))
                                                      AND (NOT (_x8['y'] IS NOT NULL))
                                                    )
                                                    AND (
                                                      regexp_replace(
                                                        regexp_replace(
                                                          to_json(_x5['y']),
                                                          '"":\\s*(?:"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"|[^,}\\]\\[{]+)',
                                                          ''
                                                        ),
                                                        '"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"\\s*:', ''
                                                      ) RLIKE '"|[0-9]|true|false'
                                                    )
                                                  )
                                                ),
                                                FALSE
                                              )
                                            )
                                          ),
                                          1
                                        )
                                      ),
                                      1
                                    )
                                  ),
                                  1
                                )
                              ),
                              1
                            )
                          END
                        )
                      )
                    )
                  ),
                  _x3 -> named_struct(
                    'b', _x3['b'], 'b_record', _x3['b_record'], 'b_array_record', _x3['b_array_record'],
                    'b_array2_record', _x3['b_array2_record'], '__lost',
                    coalesce(
                      (
                        exists(
                          map_entries(_x1),
                          _x4 -> (
                            (NOT (_x4['key'] IN ('b', '')))
                            AND (
                              regexp_replace(
                                regexp_replace(
                                  to_json(_x4['value']),
                                  '"":\\s*(?:"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"|[^,}\\]\\[{]+)', ''
                                ),
                                '"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"\\s*:', ''
                              ) RLIKE '"|[0-9]|true|false'
                            )
                          )
                        )
                        OR (
                          (
                            (NOT (_x2[0] IN ('null', 'empty')))
                            AND (
                              NOT (
                                (
                                  (
                                    (
                                      (_x3['b_record'] IS NOT NULL)
                                      AND (NOT coalesce(_x3['b_record']['__lost'], FALSE))
                                    )
                                    OR (
                                      (_x3['b'] IS NOT NULL)
                                      AND (
                                        NOT coalesce(
                                          exists(
                                            _x3['b'],
                                            _x4 -> (
                                              (_x4 IS NOT NULL)
                                              AND coalesce(
                                                exists(
                                                  _x4,
                                                  _x5 -> (
                                                    (_x5 IS NOT NULL)
                                                    AND coalesce(
                                                      exists(
                                                        _x5,
                                                        _x6 -> (
                                                          (_x6 IS NOT NULL) AND coalesce(_x6['__lost'], FALSE)
                                                        )
                                                      ),
                                                      FALSE
                                                    )
                                                  )
                                                ),
                                                FALSE
                                              )
                                            )
                                          ),
                                          FALSE
                                        )
                                      )
                                    )
                                  )
                                  OR (
                                    (_x3['b_array_record'] IS NOT NULL)
                                    AND (
                                      NOT coalesce(
                                        exists(
                                          _x3['b_array_record'],
                                          _x4 -> ((_x4 IS NOT NULL) AND coalesce(_x4['__lost'], FALSE))
                                        ),
                                        FALSE
                                      )
                                    )
                                  )
                                )
                                OR (
                                  (_x3['b_array2_record'] IS NOT NULL)
                                  AND (
                                    NOT coalesce(
                                      exists(
                                        _x3['b_array2_record'],
                                        _x4 -> (
                                          (_x4 IS NOT NULL)
                                          AND coalesce(
                                            exists(
                                              _x4,
                                              _x5 -> ((_x5 IS NOT NULL) AND coalesce(_x5['__lost'], FALSE))
                                            ),
                                            FALSE
                                          )
                                        )
                                      ),
                                      FALSE
                                    )
                                  )
                                )
                              )
                            )
                          )
                          AND (
                            regexp_replace(
                              regexp_replace(
                                to_json(_x1['b']), '"":\\s*(?:"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"|[^,}\\]\\[{]+)',
                                ''
                              ),
                              '"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"\\s*:', ''
                            ) RLIKE '"|[0-9]|true|false'
                          )
                        )
                      ),
                      FALSE
                    )
                  )
                ),
                1
              )
            ),
            1
          )
        ),
        1
      )
    END AS `a`
  FROM converted
)
-- the columns as the table types them, and _rescued: the line, when it is not a JSON object or a value of it reached no column
SELECT
  CAST(
    CASE
      WHEN (`a` IS NOT NULL) THEN named_struct(
        'b',
        CAST(
          transform(
            `a`['b'],
            _x1 -> transform(
              _x1,
              _x2 -> transform(
                _x2,
                _x3 -> CASE
                  WHEN (_x3 IS NOT NULL) THEN named_struct(
                    'c', _x3['c'], 'x', _x3['x'], 'y', _x3['y'], 'z', _x3['z']
                  )
                END
              )
            )
          ) AS ARRAY<ARRAY<ARRAY<STRUCT<`c`: STRING,
          `x`: STRING, `y`: STRING, `z`: STRING>>>>
        ),
        'b_record',
        CAST(
          CASE WHEN (`a`['b_record'] IS NOT NULL) THEN named_struct('c', `a`['b_record']['c']) END AS STRUCT<`c`: STRING>
        ),
        'b_array_record',
        CAST(
          transform(
            `a`['b_array_record'], _x1 -> CASE WHEN (_x1 IS NOT NULL) THEN named_struct('x', _x1['x']) END
          ) AS ARRAY<STRUCT<`x`: STRING>>
        ),
        'b_array2_record',
        CAST(
          transform(
            `a`['b_array2_record'],
            _x1 -> transform(_x1, _x2 -> CASE WHEN (_x2 IS NOT NULL) THEN named_struct('y', _x2['y']) END)
          ) AS ARRAY<ARRAY<STRUCT<`y`: STRING>>>
        )
      )
    END AS STRUCT<`b`: ARRAY<ARRAY<ARRAY<STRUCT<`c`: STRING,
    `x`: STRING, `y`: STRING, `z`: STRING>>>>, `b_record`: STRUCT<`c`: STRING>,
    `b_array_record`: ARRAY<STRUCT<`x`: STRING>>, `b_array2_record`: ARRAY<ARRAY<STRUCT<`y`: STRING>>>>
  ) AS `a`,
  CASE
    WHEN (
      (`__widen_m` IS NULL)
      OR coalesce(
        (
          exists(
            map_entries(`__widen_m`),
            _x1 -> (
              (NOT (_x1['key'] IN ('a', '')))
              AND (
                regexp_replace(
                  regexp_replace(
                    to_json(_x1['value']), '"":\\s*(?:"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"|[^,}\\]\\[{]+)', ''
                  ),
                  '"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"\\s*:', ''
                ) RLIKE '"|[0-9]|true|false'
              )
            )
          )
          OR (
            (
              (NOT (`__widen_s`['a'] IN ('null', 'empty')))
              AND (NOT ((`a` IS NOT NULL) AND (NOT coalesce(`a`['__lost'], FALSE))))
            )
            AND (
              regexp_replace(
                regexp_replace(
                  to_json(`__widen_m`['a']), '"":\\s*(?:"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"|[^,}\\]\\[{]+)', ''
                ),
                '"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"\\s*:', ''
              ) RLIKE '"|[0-9]|true|false'
            )
          )
        ),
        FALSE
      )
    ) THEN `__widen_line`
  END AS `_rescued`
FROM columns;
